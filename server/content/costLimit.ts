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
 * query (a page of 50 whole spec sheets) counts about 3,500; a query of aliases and fragments that
 * multiply pages of 50 inside each other (which took the server 27 s and 3 GB) counts millions.
 */
export const MAX_QUERY_COST = 10_000;
/** What a list without a page size (a sheet's sections, an article's related sheets) is counted as. */
export const LIST_ESTIMATE = 10;
/** Fields one selection set may hold, aliases included. */
export const MAX_FIELDS_PER_SELECTION = 100;
/** Where counting stops: far above any budget, and far below where doubles lose whole numbers. */
const COST_CEILING = 1e12;

/**
 * A page's size, for a field that takes `first`: the literal (within what `paginate` accepts, so a
 * negative `first` cannot cancel out other fields' cost), the largest page for a variable, else the
 * schema's default. Null for a field without `first`.
 */
function pageSizeOf(field: FieldNode, hasFirst: boolean, defaultValue: unknown): number | null {
  if (!hasFirst) return null;
  const first = field.arguments?.find((argument) => argument.name.value === 'first');
  if (!first) return typeof defaultValue === 'number' ? clampPage(defaultValue) : MAX_PAGE_SIZE;
  if (first.value.kind === Kind.INT) return clampPage(Number(first.value.value));
  return MAX_PAGE_SIZE;
}
const clampPage = (size: number) => Math.min(Math.max(Number.isFinite(size) ? size : 1, 1), MAX_PAGE_SIZE);

/**
 * The results an operation asks for. Each field counts 1. A paged field (one with `first`) passes
 * its page size to the list it holds (a connection's `nodes`), which counts what each node asks
 * for that many times; any other list counts it LIST_ESTIMATE times. Fragments are expanded where
 * they are spread, and each is counted once per page size; a fragment spread inside itself counts
 * 0 there (NoFragmentCyclesRule refuses such documents anyway; this only keeps counting finite).
 */
function costMeter(context: ValidationContext) {
  const schema = context.getSchema();
  const fragmentCosts = new Map<string, number>();
  const counting = new Set<string>();

  const fragmentCost = (fragment: FragmentDefinitionNode, pageSize: number | null): number => {
    const name = fragment.name.value;
    const key = `${name}@${pageSize ?? ''}`;
    const known = fragmentCosts.get(key);
    if (known !== undefined) return known;
    if (counting.has(name)) return 0;
    counting.add(name);
    const type = schema.getType(fragment.typeCondition.name.value);
    const cost = type ? costOf(fragment.selectionSet, type, pageSize) : 0;
    counting.delete(name);
    fragmentCosts.set(key, cost);
    return cost;
  };

  const fieldCost = (field: FieldNode, parent: GraphQLNamedType, pageSize: number | null): number => {
    const definition =
      isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[field.name.value] : undefined;
    if (!definition || !field.selectionSet) return 1;
    const type = getNamedType(definition.type);
    const first = definition.args.find((argument) => argument.name === 'first');
    const page = pageSizeOf(field, first !== undefined, first?.defaultValue);
    if (page !== null) return 1 + costOf(field.selectionSet, type, page);
    const times = isListType(getNullableType(definition.type)) ? (pageSize ?? LIST_ESTIMATE) : 1;
    return 1 + times * costOf(field.selectionSet, type, null);
  };

  const costOf = (
    selectionSet: SelectionSetNode,
    parent: GraphQLNamedType,
    pageSize: number | null,
  ): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = context.getFragment(selection.name.value);
        total += fragment ? fragmentCost(fragment, pageSize) : 0;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += costOf(selection.selectionSet, type ?? parent, pageSize);
      } else total += fieldCost(selection, parent, pageSize);
      if (total > COST_CEILING) return COST_CEILING;
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
        const root = context.getSchema().getRootType(operation.operation);
        if (!root) return;
        const cost = Math.round(costOf(operation.selectionSet, root, null));
        if (cost > max)
          context.reportError(
            new GraphQLError(
              `This query asks for too much at once (estimated ${cost.toLocaleString('en-US')} results, at most ${max.toLocaleString('en-US')}): ask for fewer items or fewer aliases.`,
              { nodes: operation },
            ),
          );
      },
    };
  };
}
