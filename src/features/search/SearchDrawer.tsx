import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { config } from '../../config';
import { useLocationsOnly, useSearchDrawerOpen, useSendToSearch } from '../../system/hooks/search';
import { CloseButton } from '../../ui/CloseButton';
import { Switch } from '../../ui/Switch';
import { SearchCombobox } from './SearchCombobox';

/** The top search drawer (SPEC section 2): titles and places, as fast as a person types. */
export default function SearchDrawer() {
  const open = useSearchDrawerOpen();
  const sendToSearch = useSendToSearch();
  const locationsOnly = useLocationsOnly();
  const close = () => sendToSearch({ type: 'search.close' });
  return (
    <Dialog open={open} onClose={close} className="fixed inset-0 z-dialog">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink/40 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-x-0 top-0 max-h-dvh overflow-y-auto">
        <DialogPanel
          transition
          className="mx-auto w-full max-w-3xl rounded-b-3xl bg-white px-4 pt-5 pb-6 shadow-2xl shadow-primary-900/20 transition duration-200 ease-out data-closed:-translate-y-6 data-closed:opacity-0 tb:px-8 tb:pt-8 motion-reduce:transition-none"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <DialogTitle className="font-display text-3xl font-bold text-primary-900">
                Search {config.productName}
              </DialogTitle>
              <p className="mt-1 text-lg font-semibold text-ink">Where do you want to advertise?</p>
              <p className="mt-1 text-sm text-ink-soft">
                Search for titles (eg. Architectural Digest) or places (eg. Chicago).
              </p>
            </div>
            <CloseButton label="Close search" onClick={close} />
          </div>
          <div className="mt-5">
            <SearchCombobox
              variant="drawer"
              label={`Search ${config.productName}`}
              autoFocus
              // Above the hits, where it stays in view however long the list is.
              filters={
                <Switch
                  checked={locationsOnly}
                  onChange={() => sendToSearch({ type: 'search.locationsOnlyToggled' })}
                  label="Places only"
                />
              }
            />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
