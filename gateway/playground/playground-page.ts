import { EXAMPLE_OPERATIONS } from './example-operations';

/**
 * The GraphiQL page; its scripts come from /playground/assets (npm packages, no CDN). It opens with
 * the saved example operations as tabs and the API-key header filled in with `apiKey` (the demo
 * key of `npm start`), or a placeholder to replace.
 */
export function playgroundHtml(endpoint: string, apiKey?: string): string {
  const headers = JSON.stringify({ Authorization: `Api-Key ${apiKey ?? '<your API key>'}` }, null, 2);
  const tabs = EXAMPLE_OPERATIONS.map((operation) => ({
    query: operation.query,
    variables: operation.variables ? JSON.stringify(operation.variables, null, 2) : undefined,
    headers,
  }));
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
    const fetcher = GraphiQL.createFetcher({ url: ${scriptJson(endpoint)} });
    const root = ReactDOM.createRoot(document.getElementById('graphiql'));
    root.render(React.createElement(GraphiQL, {
      fetcher,
      defaultEditorToolsVisibility: 'headers',
      headers: ${scriptJson(headers)},
      defaultTabs: ${scriptJson(tabs)},
    }));
  </script>
</body>
</html>`;
}

/** JSON safe inside a <script> element (no closing tag, no HTML comment opener). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

let demoApiKey: string | undefined;

/** `npm start` (the whole platform on one machine) hands the demo key to the playground. */
export function setPlaygroundApiKey(key: string | undefined): void {
  demoApiKey = key;
}

export function playgroundApiKey(): string | undefined {
  return demoApiKey;
}
