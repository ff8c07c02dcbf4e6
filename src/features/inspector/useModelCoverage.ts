import { useSelector } from '@xstate/react';
import { createActor, fromPromise } from 'xstate';
import type { ModelCoverage } from '../../../contract/modelCoverage';
import { fetchModelCoverage } from '../../api/devTools';
import { useFlowActor } from '../../system/hooks/useFlowActor';

export type CoverageState =
  | { status: 'loading' }
  | { status: 'ready'; coverage: ModelCoverage }
  | { status: 'missing'; message: string };

const LOADING: CoverageState = { status: 'loading' };
const UNREACHED: CoverageState = { status: 'missing', message: 'The API could not be reached.' };

/**
 * GET the last model run's coverage: what the inspector shows of it, or why there is none. It never
 * fails as an actor: useSelector would throw an errored actor's error into the page.
 */
const coverageLogic = fromPromise<CoverageState>(async () => {
  const answer = await fetchModelCoverage().catch(() => null);
  if (!answer) return UNREACHED;
  return answer.ok
    ? { status: 'ready', coverage: answer.data }
    : { status: 'missing', message: answer.message };
});

/** The model tests' coverage, asked once when the inspector opens. */
export function useModelCoverage(): CoverageState {
  const actor = useFlowActor(() => createActor(coverageLogic));
  return useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : LOADING));
}
