/**
 * The query depth limit as a GraphQL validation rule: the deepest chain of fields with a
 * selection (introspection fields `__*` not counted, fragments followed) may not exceed
 * `maxDepth`. Written here because graphql-depth-limit followed fragment spreads blindly: a
 * fragment cycle overflowed the stack and an unknown fragment threw, both answered 500. Here a
 * spread of an unknown fragment or one already on the path counts 0 (graphql-js's own rules
 * refuse those documents), each fragment is measured once, and the walk stops past the limit.
 */
import { GraphQLError, Kind, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';

export function depthLimitRule(maxDepth: number): ValidationRule {
  return (context) => {
    const document = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    const measured = new Map<string, number>();
    const onPath = new Set<string>();

    /** Depth of a selection set; stops as soon as `above` plus it passes the limit. */
    const depthOf = (set: SelectionSetNode, above: number): number => {
      let deepest = 0;
      for (const s of set.selections) {
        let d = 0;
        if (s.kind === Kind.FIELD) {
          if (s.selectionSet && !s.name.value.startsWith('__')) d = 1 + depthOf(s.selectionSet, above + 1);
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          d = depthOf(s.selectionSet, above);
        } else {
          const name = s.name.value;
          const fragment = fragments.get(name);
          if (fragment && !onPath.has(name)) {
            const known = measured.get(name);
            if (known !== undefined) d = known;
            else {
              onPath.add(name);
              d = depthOf(fragment.selectionSet, above);
              onPath.delete(name);
              measured.set(name, d);
            }
          }
        }
        if (d > deepest) deepest = d;
        if (above + deepest > maxDepth) break;
      }
      return deepest;
    };

    for (const d of document.definitions) {
      if (d.kind !== Kind.OPERATION_DEFINITION) continue;
      if (depthOf(d.selectionSet, 0) > maxDepth) {
        context.reportError(new GraphQLError(`'${d.name?.value ?? ''}' exceeds maximum operation depth of ${maxDepth}`, { nodes: [d] }));
      }
    }
    return {};
  };
}
