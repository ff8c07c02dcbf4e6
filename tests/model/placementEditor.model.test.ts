import { describeModel } from './describeModel';
import { placementEditor } from './placementEditorModel';
import { PlacementEditorWorld } from './placementEditorWorld';

describeModel(placementEditor, {
  name: 'placementEditor',
  title: 'placement editor model, on the real placement editor machine (held saves)',
  sizeTitle: 'the placement editor model has states and transitions to cover',
  world: (inspect) => PlacementEditorWorld.open(inspect),
});
