import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { type EddmZip, zipOfRoute } from '../../../contract/directMail';
import { Button } from '../../ui/Button';
import { RouteTable } from './RouteTable';
import { useSelectedRoutes } from './useEddm';

/**
 * The routes of the zip code shown: listed under the map on a wider screen; on a phone, where a list
 * of 26 would push the cost far down, a button that opens them as a sheet from the bottom.
 */
export function ZipRoutes({ area }: { area: EddmZip }) {
  const [open, setOpen] = useState(false);
  const chosen = useSelectedRoutes().filter((r) => zipOfRoute(r.routecode) === area.zip).length;
  return (
    <>
      <div className="hidden tb:block">
        <RouteTable area={area} />
      </div>
      <Button variant="secondary" size="lg" className="tb:hidden" onClick={() => setOpen(true)}>
        <ListChecks aria-hidden="true" className="size-5" />
        Routes ({area.routes.length})<span className="font-normal text-ink-soft">· {chosen} chosen</span>
      </Button>
      {/* Closing hands the focus back to the button that opened it (Headless UI). */}
      <Dialog open={open} onClose={() => setOpen(false)} className="fixed inset-0 z-dialog tb:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-ink/40 transition duration-200 data-closed:opacity-0"
        />
        <div className="fixed inset-x-0 bottom-0 flex max-h-[85dvh]">
          <DialogPanel
            transition
            className="flex w-full flex-col gap-3 overflow-y-auto rounded-t-3xl bg-white px-4 pt-3 pb-4 shadow-2xl transition duration-200 data-closed:translate-y-full"
          >
            <div aria-hidden="true" className="mx-auto h-1.5 w-12 shrink-0 rounded-full bg-primary-100" />
            <RouteTable area={area} Heading={DialogTitle} />
            <Button size="lg" className="w-full shrink-0" onClick={() => setOpen(false)}>
              Done
            </Button>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
