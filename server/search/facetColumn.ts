import type { SearchFacetAttribute, SearchRecord } from '../../contract/search';

/** The values of one facet attribute, and each record's value as an id (-1 when it has none). */
export interface FacetColumn {
  values: string[];
  /** Facet filters match values whatever their case, as Algolia does. */
  idOfLowerValue: Map<string, number>;
  ids: Int32Array;
}

/** A facet attribute's column: its distinct values in the order met, and each record's value id. */
export function facetColumn(records: readonly SearchRecord[], attribute: SearchFacetAttribute): FacetColumn {
  const values: string[] = [];
  const idOfValue = new Map<string, number>();
  const ids = new Int32Array(records.length).fill(-1);
  records.forEach((record, r) => {
    const value = record[attribute];
    if (value === null) return;
    let id = idOfValue.get(value);
    if (id === undefined) {
      id = values.length;
      values.push(value);
      idOfValue.set(value, id);
    }
    ids[r] = id;
  });
  const idOfLowerValue = new Map(values.map((v, id) => [v.toLowerCase(), id]));
  return { values, idOfLowerValue, ids };
}
