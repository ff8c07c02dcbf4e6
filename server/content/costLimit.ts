import {
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { MAX_PAGE_SIZE } from './pagination';

/**
 * The most results one operation may ask for, counted before it runs. The storefront's largest
 * query (every spec sheet with its sections) is far below; a query of aliases and fragments that
 * multiply pages of 50 inside each other (which took the server 27 s and 3 GB) is far above.
 */
export const MAX_QUERY_COST = 20_000;
/** What a list without a page size (a sheet's sections, an article's related sheets) is counted as. */
export const LIST_ESTIMATE = 10;
/** Fields one selection set may hold, aliases included. */
export const MAX_FIELDS_PER_SELECTION = 100;

/** A page's size: the literal `first`, the page size allowed at most for a variable, else the default. */
function pageSizeOf(field: FieldNode, defaultValue: unknown): number | null {
  const first = field.arguments?.find((argument) => argument.name.value === 'first');
  if (!first) return typeof defaultValue === 'number' ? defaultValue : null;
  if (first.value.kind === Kind.INT) return Math.min(Number(first.value.value), MAX_PAGE_SIZE);
  return MAX_PAGE_SIZE;
}

/**
 * The results an operation asks for: each field counts 1, and what a field holds counts once per
 * result it answers (a page's size for a field with `first`; LIST_ESTIMATE for a plain list).
 * Fragments are counted once per type; a fragment being counted counts 0 (cycles are refused by
 * NoFragmentCyclesRule anyway), and totals stop growing at 1e12.
 */
function costMeter(context: ValidationContext) {
  const schema = context.getSchema();
  const fragmentCosts = new Map<string, number>();
  const counting = new Set<string>();

  const fragmentCost = (fragment: FragmentDefinitionNode): number => {
    const name = fragment.name.value;
    const known = fragmentCosts.get(name);
    if (known !== undefined) return known;
    if (counting.has(name)) return 0;
    counting.add(name);
    const type = schema.getType(fragment.typeCondition.name.value);
    const cost = type ? costOf(fragment.selectionSet, type) : 0;
    counting.delete(name);
    fragmentCosts.set(name, cost);
    return cost;
  };

  const costOf = (selectionSet: SelectionSetNode, parent: GraphQLNamedType, paged = false): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = context.getFragment(selection.name.value);
        total += fragment ? fragmentCost(fragment) : 0;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += costOf(selection.selectionSet, type ?? parent, paged);
      } else {
        const definition =
          isObjectType(parent) || isInterfaceType(parent)
            ? parent.getFields()[selection.name.value]
            : undefined;
        if (!definition || !selection.selectionSet) {
          total += 1;
          continue;
        }
        const page = pageSizeOf(selection, definition.args.find((a) => a.name === 'first')?.defaultValue);
        const list = isListType(getNullableType(definition.type));
        // A connection's page size counts its nodes; a list inside the page is that page.
        const times = page ?? (list ? (paged ? 1 : LIST_ESTIMATE) : 1);
        total += 1 + times * costOf(selection.selectionSet, getNamedType(definition.type), page !== null);
      }
      if (total > 1e12) return 1e12;
    }
    return total;
  };
  return costOf;
}

/** Refuses an operation that asks for more than `max` results, or a selection of too many fields. */
export function costLimitRule(max = MAX_QUERY_COST): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const costOf = costMeter(context);
    return {
      SelectionSet(selectionSet) {
        if (selectionSet.selections.length > MAX_FIELDS_PER_SELECTION)
          context.reportError(
            new GraphQLError(
              `A selection holds ${selectionSet.selections.length} fields; this API answers at most ${MAX_FIELDS_PER_SELECTION} in one (count the aliases).`,
              { nodes: selectionSet },
            ),
          );
      },
      OperationDefinition(operation) {
        const root = operation.operation === 'query' ? context.getSchema().getQueryType() : null;
        if (!root) return;
        const cost = Math.round(costOf(operation.selectionSet, root));
        if (cost > max)
          context.reportError(
            new GraphQLError(
              `This query asks for too much at once (about ${cost.toLocaleString('en-US')} results; at most ${max.toLocaleString('en-US')}): ask for fewer items, or fewer aliases and fragments.`,
              { nodes: operation },
            ),
          );
      },
    };
  };
}
