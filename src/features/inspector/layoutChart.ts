import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { type DirectedGraphNode, toDirectedGraph } from 'xstate/graph';
import { eventLabel, transitionKey } from '../../../machines/graphLabels';

export interface ChartBox {
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  compound: boolean;
}
export interface ChartEdge {
  id: string;
  label: string;
  /** The state node the transition leaves, and the one it enters. */
  sourceId: string;
  targetId: string;
  /** The transition as the model tests record it (machines/graphLabels.ts's transitionKey). */
  key: string;
  points: Array<{ x: number; y: number }>;
  labelAt: { x: number; y: number } | null;
  /** The label's size, as ELK placed it (kept clear of the states). */
  labelSize: { width: number; height: number } | null;
}
export interface Chart {
  width: number;
  height: number;
  boxes: ChartBox[];
  edges: ChartEdge[];
}

const elk = new ELK();
/** The label of the box the machine's own transitions leave from. */
export const ANY_STATE = 'any state';
export const anyStateId = (machineId: string) => `${machineId}#any`;
const CHAR = 7;

interface EdgeFacts {
  sourceId: string;
  targetId: string;
  key: string;
}

/** One transition as drawn: from a state node to a target (a targetless one stays where it is). */
export interface DrawnTransition {
  id: string;
  /** Which of the state's transitions it is drawn for (one per target: a transition may have several). */
  transitionIndex: number;
  sourceId: string;
  targetId: string;
  /** '' for an eventless (`always`) transition. */
  eventType: string;
}

/**
 * A state node's transitions: those `toDirectedGraph` gives (on, after, done, error) and the
 * eventless `always` ones it leaves out (a state left only by them would look like a dead end).
 */
export function transitionsOf(stateNode: DirectedGraphNode['stateNode']): DrawnTransition[] {
  const all = [...[...stateNode.transitions.values()].flat(), ...(stateNode.always ?? [])];
  return all.flatMap((t, index) =>
    (t.target ?? [stateNode]).map((target, targetIndex) => ({
      id: `${stateNode.id}:${index}:${targetIndex}`,
      transitionIndex: index,
      sourceId: stateNode.id,
      targetId: target.id,
      eventType: t.eventType,
    })),
  );
}

function toElk(node: DirectedGraphNode, edges: ElkExtendedEdge[], facts: Map<string, EdgeFacts>): ElkNode {
  const label = node.stateNode.key;
  const own = transitionsOf(node.stateNode);
  // ELK cannot start an edge at the graph's root: the machine's own transitions (taken in any
  // state) leave from a small "any state" box instead.
  const isRoot = node.stateNode.parent === undefined;
  const any = isRoot && own.length > 0 ? anyStateId(node.id) : null;
  for (const edge of own) {
    const text = eventLabel(edge.eventType);
    edges.push({
      id: edge.id,
      sources: [edge.sourceId === node.id && any ? any : edge.sourceId],
      targets: [edge.targetId === node.id && any ? any : edge.targetId],
      labels: [{ text, width: text.length * CHAR, height: 14 }],
    });
    facts.set(edge.id, {
      sourceId: edge.sourceId,
      targetId: edge.targetId,
      key: transitionKey(edge.sourceId, edge.eventType, edge.targetId),
    });
  }
  const children = node.children.map((child) => toElk(child, edges, facts));
  if (any)
    children.unshift({
      id: any,
      labels: [{ text: ANY_STATE, width: 60, height: 18 }],
      width: 84,
      height: 32,
    });
  return {
    id: node.id,
    labels: [{ text: label, width: label.length * (CHAR + 1), height: 18 }],
    ...(children.length
      ? {
          children,
          layoutOptions: { 'elk.padding': '[top=32,left=12,bottom=12,right=12]' },
        }
      : { width: Math.max(90, label.length * (CHAR + 1) + 24), height: 40 }),
  };
}

/**
 * A machine's statechart laid out by ELK (layered, hierarchy-aware) from `toDirectedGraph`: boxes for
 * states (compound ones contain their children) and routed edges with their event labels.
 */
export async function layoutChart(machine: AnyStateMachine): Promise<Chart> {
  const graph = toDirectedGraph(machine);
  const edges: ElkExtendedEdge[] = [];
  const facts = new Map<string, EdgeFacts>();
  const root = toElk(graph, edges, facts);
  const laid = await elk.layout({
    ...root,
    edges,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeLabels.inline': 'false',
      'elk.spacing.nodeNode': '24',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.padding': '[top=32,left=12,bottom=12,right=12]',
    },
  });
  const boxes: ChartBox[] = [];
  const offsets = new Map<string, { x: number; y: number }>();
  const walk = (node: ElkNode, ox: number, oy: number) => {
    const x = ox + (node.x ?? 0);
    const y = oy + (node.y ?? 0);
    offsets.set(node.id, { x, y });
    boxes.push({
      id: node.id,
      label: node.labels?.[0]?.text ?? node.id,
      x,
      y,
      width: node.width ?? 0,
      height: node.height ?? 0,
      compound: (node.children?.length ?? 0) > 0,
    });
    for (const child of node.children ?? []) walk(child, x, y);
  };
  walk(laid, 0, 0);
  // Edges are laid out in the coordinates of the node that contains them.
  const chartEdges: ChartEdge[] = [];
  const collect = (node: ElkNode) => {
    const base = offsets.get(node.id) ?? { x: 0, y: 0 };
    for (const edge of node.edges ?? []) {
      const container = (edge as ElkExtendedEdge & { container?: string }).container;
      const origin = container ? (offsets.get(container) ?? base) : base;
      for (const section of edge.sections ?? []) {
        const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({
          x: p.x + origin.x,
          y: p.y + origin.y,
        }));
        const label = edge.labels?.[0];
        const fact = facts.get(edge.id);
        chartEdges.push({
          id: edge.id,
          label: label?.text ?? '',
          sourceId: fact?.sourceId ?? '',
          targetId: fact?.targetId ?? '',
          key: fact?.key ?? edge.id,
          points,
          labelAt: label ? { x: (label.x ?? 0) + origin.x, y: (label.y ?? 0) + origin.y } : null,
          labelSize: label ? { width: label.width ?? 0, height: label.height ?? 0 } : null,
        });
      }
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, edges: chartEdges };
}

/** The ids of the state nodes a snapshot's value is in (`session.auth.decided.authenticated`...). */
export function activeIds(machineId: string, value: unknown): Set<string> {
  const ids = new Set<string>([machineId]);
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') ids.add(`${prefix}.${v}`);
    else if (v && typeof v === 'object')
      for (const [key, inner] of Object.entries(v)) {
        ids.add(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, inner);
      }
  };
  walk(machineId, value);
  return ids;
}
