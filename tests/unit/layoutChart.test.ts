import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import { checkoutMachine } from '../../machines/checkout/checkout.machine';
import { eddmMachine } from '../../machines/eddm/eddm.machine';
import { orderPageMachine } from '../../machines/orders/orderPage.machine';
import { searchDrawerMachine } from '../../machines/searchDrawer/searchDrawer.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import { uploadMachine } from '../../machines/upload/upload.machine';
import { type ChartBox, layoutChart } from '../../src/features/inspector/layoutChart';
import { auth } from '../model/authModel';
import { CoverageLog } from '../model/coverageLog';
import { MachineWorld } from '../model/machineWorld';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Rect, b: Rect) =>
  a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
/** A compound state's title row: the part of its box a label must not cover. */
const titleOf = (box: ChartBox): Rect => ({ x: box.x, y: box.y, width: box.width, height: 28 });

const MACHINES: Array<[string, AnyStateMachine]> = [
  ['session', sessionMachine],
  ['cart', cartMachine],
  ['checkout', checkoutMachine],
  ['search drawer', searchDrawerMachine],
  ['every-door', eddmMachine],
  ['order page', orderPageMachine],
  ['upload', uploadMachine],
];

describe('the inspector’s chart layout', () => {
  it.each(MACHINES)(
    'lays out the %s machine’s states and transitions, with its labels clear of the states',
    async (_, machine) => {
      const chart = await layoutChart(machine);
      expect(chart.edges.length).toBeGreaterThan(0);
      for (const edge of chart.edges) {
        expect(edge.points.length, edge.key).toBeGreaterThanOrEqual(2);
        expect(machine.getStateNodeById(edge.sourceId), edge.key).toBeTruthy();
        expect(machine.getStateNodeById(edge.targetId), edge.key).toBeTruthy();
        if (!edge.labelAt || !edge.labelSize) continue;
        const label = { ...edge.labelAt, ...edge.labelSize };
        for (const box of chart.boxes) {
          // A label may sit inside the compound state that holds its transition, below its title.
          const clash = box.compound
            ? overlaps(label, titleOf(box)) || (overlaps(label, box) && !inside(label, box))
            : overlaps(label, box);
          expect(clash, `"${edge.label}" (${edge.key}) overlaps the state ${box.id}`).toBe(false);
        }
      }
    },
  );

  it('draws every transition a real run takes, eventless ones too, keyed as the model tests record them', async () => {
    // The auth model's paths on the real session machine, recorded as test:model records them.
    const log = new CoverageLog();
    for (const path of auth.paths())
      await auth.testModel.testPath(path, new MachineWorld(log.inspect).params());
    const taken = log.covered().machines.session ?? [];
    expect(taken.some((key) => key.includes(' ----> '))).toBe(true);
    const drawn = new Set((await layoutChart(sessionMachine)).edges.map((edge) => edge.key));
    expect(taken.filter((key) => !drawn.has(key))).toEqual([]);
  });
});
