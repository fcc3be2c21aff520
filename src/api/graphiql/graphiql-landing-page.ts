import type { ApolloServerPlugin } from '@apollo/server';
import { graphiqlPageHtml } from './graphiql-page';

/** Apollo's landing page (GET /graphql from a browser) is our offline GraphiQL page. */
export function graphiqlLandingPage(graphqlPath: string): ApolloServerPlugin {
  const html = graphiqlPageHtml(graphqlPath);
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html };
        },
      };
    },
  };
}
