// Replay pages: arrow keys follow the step links; the turn slider goes to its turn when let go.
// The pages work without this file: the links and the slider's Go button are plain HTML.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.target.tagName === "INPUT") return;
  var ids = {ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last"};
  var link = ids[event.key] && document.getElementById(ids[event.key]);
  if (link) { event.preventDefault(); window.location.href = link.href; }
});
document.addEventListener("change", function (event) {
  if (event.target.id === "turn") event.target.form.submit();
});
