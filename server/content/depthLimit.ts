import {
  type ASTVisitor,
  GraphQLError,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

export const MAX_QUERY_DEPTH = 8;

/**
 * How deeply fields nest in an operation, following fragment spreads. `ofType` does not count: it
 * follows a type's wrappers (list, non-null) and never branches, and the standard introspection
 * query nests it seven deep. Each fragment's depth is worked out once, so fragments spreading each
 * other many times cannot make this rule slow; a fragment already being measured counts 0, as
 * such cycles are rejected by NoFragmentCyclesRule anyway and must not hang this rule first.
 */
function depthMeter(context: ValidationContext) {
  const fragmentDepths = new Map<string, number>();
  const measuring = new Set<string>();

  const fragmentDepth = (name: string): number => {
    const known = fragmentDepths.get(name);
    if (known !== undefined) return known;
    const fragment = context.getFragment(name);
    if (!fragment || measuring.has(name)) return 0;
    measuring.add(name);
    const depth = depthOf(fragment.selectionSet);
    measuring.delete(name);
    fragmentDepths.set(name, depth);
    return depth;
  };

  const depthOf = (selectionSet: SelectionSetNode): number => {
    let deepest = 0;
    for (const selection of selectionSet.selections) {
      let depth: number;
      if (selection.kind === Kind.FIELD) {
        const own = selection.name.value === 'ofType' ? 0 : 1;
        depth = selection.selectionSet ? own + depthOf(selection.selectionSet) : 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) depth = depthOf(selection.selectionSet);
      else depth = fragmentDepth(selection.name.value);
      deepest = Math.max(deepest, depth);
    }
    return deepest;
  };
  return depthOf;
}

/** Rejects operations whose fields nest deeper than `max`: deep queries cost much and mean nothing here. */
export function depthLimitRule(max = MAX_QUERY_DEPTH): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const depthOf = depthMeter(context);
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation.selectionSet);
        if (depth > max) {
          const name = operation.name ? `The operation ${operation.name.value}` : 'The query';
          context.reportError(
            new GraphQLError(`${name} nests fields ${depth} deep; this API answers at most ${max} levels.`, {
              nodes: operation,
            }),
          );
        }
        return false;
      },
    };
  };
}
