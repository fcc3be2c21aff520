import { GRAPHIQL_ASSET_PATH } from './graphiql-assets';

/**
 * The GraphiQL page Apollo shows a browser at GET /graphql. Every script and style comes from the
 * app itself (GRAPHIQL_ASSET_PATH), so it loads on a tournament hall's closed network. The
 * subscription URL is derived from the page's own origin (ws:// or wss://).
 */
export function graphiqlPageHtml(graphqlPath: string): string {
  const path = JSON.stringify(graphqlPath);
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Skat Ledger · GraphiQL</title>
  <link rel="icon" href="data:,">
  <style>body { margin: 0; height: 100vh; overflow: hidden; } #graphiql { height: 100vh; }</style>
  <link rel="stylesheet" href="${GRAPHIQL_ASSET_PATH}/graphiql.css">
  <script src="${GRAPHIQL_ASSET_PATH}/react.js"></script>
  <script src="${GRAPHIQL_ASSET_PATH}/react-dom.js"></script>
  <script src="${GRAPHIQL_ASSET_PATH}/graphiql.js"></script>
</head>
<body>
  <div id="graphiql" role="main">Loading GraphiQL…</div>
  <script>
    (function () {
      var url = new URL(${path}, location.href);
      var wsUrl = url.href.replace(/^http/, 'ws');
      var fetcher = GraphiQL.createFetcher({ url: url.href, subscriptionUrl: wsUrl });
      var root = ReactDOM.createRoot(document.getElementById('graphiql'));
      root.render(React.createElement(GraphiQL, { fetcher: fetcher, defaultEditorToolsVisibility: true, isHeadersEditorEnabled: true, shouldPersistHeaders: false }));
    })();
  </script>
</body>
</html>
`;
}
