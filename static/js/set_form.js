// Set form rows: once a row's type is chosen, show only that type's fields. Without JavaScript every
// field shows, grouped under a legend that says which type it belongs to.
for (const row of document.querySelectorAll("[data-set-item]")) {
  const kind = row.querySelector("select[name$='-kind']");
  const groups = row.querySelectorAll("[data-kinds]");
  // An input whose limit depends on the type (the count: questions, or hands for «jugar manos»).
  const limited = row.querySelectorAll("input[data-max-by-kind]");
  const update = () => {
    for (const group of groups) {
      group.hidden = !group.dataset.kinds.split(" ").includes(kind.value);
    }
    for (const input of limited) {
      const byKind = JSON.parse(input.dataset.maxByKind);
      input.max = byKind[kind.value] ?? input.dataset.maxDefault;
    }
  };
  row.classList.add("set-item--js");
  kind.addEventListener("change", update);
  update();
}
