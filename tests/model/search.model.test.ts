import { describeModel } from './describeModel';
import { search } from './searchModel';
import { SearchWorld } from './searchWorld';

describeModel(search, {
  name: 'search',
  title: 'search model, on the real search drawer machine (fake search service, simulated clock)',
  sizeTitle: 'the search model has states and transitions to cover',
  world: (inspect) => new SearchWorld(inspect),
});
