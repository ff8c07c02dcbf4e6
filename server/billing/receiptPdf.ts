import type { Invoice, InvoiceIssuer } from '../../contract/billing';
import {
  AMOUNT_WIDTH,
  day,
  footers,
  header,
  MARGIN,
  MUTED,
  RIGHT,
  SENDER_WIDTH,
  startDocument,
  type Writer,
} from './pdfParts';

/** What a receipt says was paid: when, how much, with which card, and what was refunded since. */
export interface ReceiptFacts {
  paid_at: string;
  paid_formatted: string;
  /** "Visa •••• 4242"; null when Stripe did not say which card. */
  card: string | null;
  refunds: { order_number: string; at: string; amount_formatted: string }[];
}

function receivedFrom(w: Writer, invoice: Invoice): void {
  w.text('Received from', MARGIN, { size: 9, bold: true, color: MUTED });
  w.y -= 14;
  w.paragraph(invoice.bill_to.name, MARGIN, SENDER_WIDTH, { bold: true });
  w.paragraph(invoice.bill_to.company, MARGIN, SENDER_WIDTH);
  w.y -= 14;
}

/** Each order the payment was for, then the amount received and any refunds. */
function amounts(w: Writer, invoice: Invoice, facts: ReceiptFacts): void {
  const rows: { label: string; amount: string; bold?: boolean }[] = [
    ...invoice.lines.map((line) => ({
      label: `${line.order_number}, ${line.title}, ${line.market}`,
      amount: line.amount_formatted,
    })),
    ...invoice.credits.map((credit) => ({
      label: `Credit for cancelled order ${credit.order_number}`,
      amount: credit.amount_formatted,
    })),
    { label: `Paid by ${facts.card ?? 'card'}`, amount: facts.paid_formatted, bold: true },
    ...facts.refunds.map((refund) => ({
      label: `Refunded for order ${refund.order_number} on ${day(refund.at)}`,
      amount: `-${refund.amount_formatted}`,
    })),
  ];
  for (const row of rows) {
    w.need(20);
    const style = { bold: row.bold ?? false };
    w.right(row.amount, RIGHT, style);
    w.paragraph(row.label, MARGIN, RIGHT - MARGIN - AMOUNT_WIDTH, style);
    w.y -= 6;
    w.rule();
    w.y -= 8;
  }
}

/**
 * A paid invoice's receipt as a PDF, drawn with the invoice's parts (billing/pdfParts.ts): who
 * issued it, the invoice it is for, what was paid on which day with which card, and refunds since.
 * Dated by the payment, so the same payment gives the same file.
 */
export async function receiptPdf(
  invoice: Invoice,
  facts: ReceiptFacts,
  issuer: InvoiceIssuer,
  productName: string,
): Promise<Uint8Array> {
  const { doc, w } = await startDocument({
    title: `Receipt for ${invoice.number}`,
    at: new Date(facts.paid_at),
    issuer,
    productName,
  });
  header(w, issuer, 'RECEIPT', [`For invoice ${invoice.number}`, `Paid ${day(facts.paid_at)}`]);
  receivedFrom(w, invoice);
  amounts(w, invoice, facts);
  footers(w, productName);
  return doc.save();
}
