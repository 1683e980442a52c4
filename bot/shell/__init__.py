"""The Discord shell: slash commands, boards, private views and decision components over the table
service. No game logic here: it takes an interaction, calls the service and renders what comes back."""
