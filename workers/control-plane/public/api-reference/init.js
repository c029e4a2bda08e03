// Starts Swagger UI (swagger-ui-bundle.js, built beside this file) on /openapi.json for
// the /docs page. A file rather than an inline script: /docs runs under the dashboard's
// strict Content-Security-Policy (SEC-8), which allows scripts from this origin only.
window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#api-reference",
  // One section per tag (capability), its operations listed and closed until clicked.
  docExpansion: "list",
  deepLinking: true,
  // Request and answer schemas open three levels deep, their fields resolved.
  defaultModelExpandDepth: 3,
  defaultModelRendering: "model",
  // The schemas also show under each operation; the flat list of all of them would be long.
  defaultModelsExpandDepth: -1,
  displayRequestDuration: true,
  filter: true,
  tryItOutEnabled: false,
  // The default asks validator.swagger.io about the document: nothing leaves this origin.
  validatorUrl: null,
});
