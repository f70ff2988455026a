/** The GraphiQL page; its scripts come from /playground/assets (npm packages, no CDN). */
export function playgroundHtml(endpoint: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Vigil GraphQL playground</title>
  <link rel="stylesheet" href="/playground/assets/graphiql.css" />
  <style>body { margin: 0; height: 100vh; } #graphiql { height: 100vh; }</style>
</head>
<body>
  <div id="graphiql">Loading…</div>
  <script src="/playground/assets/react.js"></script>
  <script src="/playground/assets/react-dom.js"></script>
  <script src="/playground/assets/graphiql.js"></script>
  <script>
    const fetcher = GraphiQL.createFetcher({ url: ${JSON.stringify(endpoint)} });
    const root = ReactDOM.createRoot(document.getElementById('graphiql'));
    root.render(React.createElement(GraphiQL, {
      fetcher,
      defaultEditorToolsVisibility: 'headers',
      headers: JSON.stringify({ Authorization: 'Api-Key <your API key>' }, null, 2),
      defaultQuery: '# Authenticate in the Headers tab below, then run:\\nquery { viewer { tenantId workspaceId kind } }\\n',
    }));
  </script>
</body>
</html>`;
}
