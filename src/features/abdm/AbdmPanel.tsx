import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { AbdmQuote, AbdmRates } from '../../../contract/directMail';
import { createAbdmCampaign, fetchAbdmRates, quoteAbdm, reasonOf } from '../../api/directMail';
import { formatCount, formatUsd } from '../../lib/currency';
import { formatStartDate } from '../../lib/dates';
import { useCartId, useSendToCart } from '../../system/hooks/cart';
import { useSendToToasts } from '../../system/hooks/toasts';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/TextField';
import { SelectMenu } from '../../ui/SelectMenu';

type Rates =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; rates: AbdmRates };

/**
 * Audience-based direct mail: a postcard to the households of one mailing list in the zip codes
 * chosen. GET /abdm/rates, POST /abdm/campaign/quote, POST /abdm/campaign/create into the cart.
 */
export function AbdmPanel({ zip }: { zip: string }) {
  const [rates, setRates] = useState<Rates>({ status: 'loading' });
  const [mediacode, setMediacode] = useState('');
  const [zipcodes, setZipcodes] = useState(zip);
  const [quote, setQuote] = useState<AbdmQuote | null>(null);
  const [errors, setErrors] = useState<{ message?: string; mediacode?: string; zipcodes?: string }>({});
  const [busy, setBusy] = useState<'quote' | 'add' | null>(null);
  const [week, setWeek] = useState('');
  const cartId = useCartId();
  const sendToCart = useSendToCart();
  const sendToToasts = useSendToToasts();

  const load = useCallback(() => {
    let current = true;
    setRates({ status: 'loading' });
    fetchAbdmRates(zip ? { zip } : {})
      .then((answer) => current && setRates({ status: 'ready', rates: answer }))
      .catch((error: unknown) => current && setRates({ status: 'failed', message: reasonOf(error) }));
    return () => {
      current = false;
    };
  }, [zip]);
  useEffect(load, [load]);

  const list = rates.status === 'ready' ? rates.rates.rates : [];
  const chosen = list.some((r) => r.mediacode === mediacode) ? mediacode : (list[0]?.mediacode ?? '');
  const zipList = zipcodes.split(/[\s,;]+/).filter(Boolean);
  const chosenWeek = quote?.drop_weeks.includes(week) ? week : (quote?.drop_weeks[0] ?? '');

  // The form as last edited: an answer to an older form is dropped, never shown as the quote.
  const edits = useRef(0);
  const getQuote = async (event: FormEvent) => {
    event.preventDefault();
    const asked = edits.current;
    setBusy('quote');
    setErrors({});
    try {
      const result = await quoteAbdm(chosen, zipList);
      if (asked !== edits.current) return;
      if (result.ok) setQuote(result.data);
      else {
        setQuote(null);
        setErrors({ message: `Error fetching ABDM quote: ${result.message}`, ...result.fieldErrors });
      }
    } catch (error) {
      setErrors({ message: `Error fetching ABDM quote: ${reasonOf(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const addToCart = async () => {
    if (!quote) return;
    setBusy('add');
    setErrors({});
    try {
      const result = await createAbdmCampaign({
        mediacode: quote.mediacode,
        zipcodes: quote.zipcodes.map((z) => z.zip),
        date_start: chosenWeek,
        cartid: cartId,
      });
      if (!result.ok) {
        setErrors({ message: `Error creating new ABDM campaign: ${result.message}`, ...result.fieldErrors });
        return;
      }
      sendToCart({ type: 'cart.replaced', cart: result.data });
      sendToToasts({
        type: 'toast.show',
        variant: 'success',
        message: `Added to your cart: ${result.data.contents.items[0]?.summary.summary_title ?? 'your mailing'}.`,
      });
    } catch (error) {
      setErrors({ message: `Error creating new ABDM campaign: ${reasonOf(error)}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="abdm-heading"
      className="flex flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-5 shadow-sm tb:p-6"
    >
      <div>
        <h2 id="abdm-heading" className="font-display text-2xl font-bold text-primary-900">
          Quote an audience mailing
        </h2>
        <p className="mt-1 text-ink-soft">
          Choose a mailing list and the zip codes to reach: only the households on the list get your postcard.
        </p>
      </div>
      {rates.status === 'loading' ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading the mailing lists…
        </p>
      ) : null}
      {rates.status === 'failed' ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
          Error fetching ABDM rates: {rates.message}
          <button type="button" className="underline" onClick={load}>
            Try again
          </button>
        </p>
      ) : null}
      {rates.status === 'ready' && list.length === 0 ? (
        <p className="text-sm text-ink-soft">
          No mailing lists are sold around {zip} yet. Try another zip code.
        </p>
      ) : null}
      {list.length > 0 ? (
        <form onSubmit={getQuote} noValidate className="grid gap-4 tb:grid-cols-2">
          <SelectMenu
            label="Mailing list"
            value={chosen}
            options={list.map((r) => ({
              value: r.mediacode,
              label: `${r.list} · ${r.per_thousand_formatted} per 1,000`,
            }))}
            onChange={(value) => {
              edits.current += 1;
              setMediacode(value);
              setQuote(null);
            }}
          />
          <TextField
            label="Zip codes"
            name="zipcodes"
            required
            value={zipcodes}
            onValueChange={(value) => {
              edits.current += 1;
              setZipcodes(value);
              setQuote(null);
            }}
            error={errors.zipcodes}
            hint="Separate them with commas, like 60614, 60657, 60613."
            inputMode="numeric"
            autoComplete="off"
          />
          <div className="tb:col-span-2">
            <Button type="submit" disabled={busy !== null || zipList.length === 0}>
              {busy === 'quote' ? 'Quoting…' : 'Get quote'}
            </Button>
          </div>
        </form>
      ) : null}
      {errors.message ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {errors.message}
        </p>
      ) : null}
      {quote ? (
        <div className="flex flex-col gap-3" aria-live="polite">
          <table className="w-full text-sm">
            <caption className="sr-only">Matching households by zip code</caption>
            <thead>
              <tr className="border-b border-primary-100 text-left text-xs tracking-wide text-ink-muted uppercase">
                <th scope="col" className="py-2 font-bold">
                  Zip code
                </th>
                <th scope="col" className="py-2 text-right font-bold">
                  Households
                </th>
                <th scope="col" className="py-2 text-right font-bold">
                  On the list
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.zipcodes.map((z) => (
                <tr key={z.zip} className="border-b border-primary-50">
                  <td className="py-2">
                    {z.zip}{' '}
                    <span className="text-ink-muted">
                      {z.city}, {z.state}
                    </span>
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatCount(z.households)}</td>
                  <td className="py-2 text-right font-semibold tabular-nums">{formatCount(z.matching)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-lg text-ink">
            <strong>{formatCount(quote.pieces)}</strong> postcards ·{' '}
            <strong>{formatUsd(quote.total_cents / 100)}</strong>
          </p>
          {quote.meets_minimum ? null : (
            <p className="text-sm font-semibold text-coral-700">
              A mailing needs at least {formatCount(quote.minimum_pieces)} postcards: add zip codes to reach
              it.
            </p>
          )}
          <SelectMenu
            label="Mail goes out the week of"
            value={chosenWeek}
            options={quote.drop_weeks.map((value) => ({ value, label: formatStartDate(value) }))}
            onChange={setWeek}
          />
          <Button
            size="lg"
            disabled={busy !== null || !quote.meets_minimum || chosenWeek === ''}
            onClick={() => void addToCart()}
          >
            {busy === 'add' ? 'Adding…' : 'Add mailing to cart'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
