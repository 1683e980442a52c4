"""MetaZoo (issue 16): a placeholder so the package imports; the engine replaces this file."""
