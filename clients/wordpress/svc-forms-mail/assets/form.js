/*
 * reCAPTCHA v3 has no widget: before the form is sent, ask for a token and put
 * it into the hidden field the service reads (response_field).
 */
(function () {
  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.classList || !form.classList.contains("svcfm-form")) return;
    const field = form.querySelector("input.svcfm-v3-token");
    if (!field || field.value || !globalThis.grecaptcha) return;
    event.preventDefault();
    globalThis.grecaptcha.ready(function () {
      globalThis.grecaptcha.execute(field.getAttribute("data-sitekey"), { action: "submit" }).then(
        function (token) {
          field.value = token;
          form.submit();
        },
        function () {
          form.submit();
        },
      );
    });
  }, true);
})();
