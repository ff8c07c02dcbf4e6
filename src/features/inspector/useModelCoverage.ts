import { useEffect, useState } from 'react';
import type { ModelCoverage } from '../../../contract/modelCoverage';
import { fetchModelCoverage } from '../../api/devTools';

export type CoverageState =
  | { status: 'loading' }
  | { status: 'ready'; coverage: ModelCoverage }
  | { status: 'missing'; message: string };

/** The model tests' coverage, asked once when the inspector opens. */
export function useModelCoverage(): CoverageState {
  const [state, setState] = useState<CoverageState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchModelCoverage()
      .then((answer) => {
        if (!current) return;
        setState(
          answer.ok
            ? { status: 'ready', coverage: answer.data }
            : { status: 'missing', message: answer.message },
        );
      })
      .catch(() => current && setState({ status: 'missing', message: 'The API could not be reached.' }));
    return () => {
      current = false;
    };
  }, []);
  return state;
}
