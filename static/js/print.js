// «Imprimir» buttons (data-print): shown only when JavaScript can print; a strict CSP forbids onclick.
for (const button of document.querySelectorAll("[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
