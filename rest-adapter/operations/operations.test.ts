// The texts the adapter sends: its route tables' typed documents with their fragments written out
// (operation-text.ts) must still be valid operations of the composed API, one operation definition
// each (the gateway refuses anything else from the narrow credentials: capture, invite, public).
import { Kind, parse, validate } from 'graphql';
import { composeApiSchema } from '../../gateway/supergraph';
import { allRoutes } from '../routes';

describe('the operations the REST adapter sends', () => {
  it('are valid operations of the composed API, each a single operation definition', () => {
    const schema = composeApiSchema();
    const texts = allRoutes.flatMap((route) => (route.operation ? [route.operation] : []));
    expect(texts.length).toBeGreaterThan(80);
    for (const text of texts) {
      const document = parse(text);
      expect(document.definitions.map((definition) => definition.kind)).toEqual([Kind.OPERATION_DEFINITION]);
      expect([text, validate(schema, document).map((error) => error.message)]).toEqual([text, []]);
    }
  });
});
