// Set form rows: once a row's type is chosen, show only that type's fields. Without JavaScript every
// field shows, grouped under a legend that says which type it belongs to.
for (const row of document.querySelectorAll("[data-set-item]")) {
  const kind = row.querySelector("select[name$='-kind']");
  const groups = row.querySelectorAll("[data-kinds]");
  const update = () => {
    for (const group of groups) {
      group.hidden = !group.dataset.kinds.split(" ").includes(kind.value);
    }
  };
  row.classList.add("set-item--js");
  kind.addEventListener("change", update);
  update();
}
