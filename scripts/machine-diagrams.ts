/**
 * `npm run machines:diagrams`: writes every machine's statechart as a Mermaid state diagram in
 * docs/machines/ (GitHub and most Markdown viewers draw them), from `toDirectedGraph`, so the
 * diagrams are the machines themselves, never a drawing that drifts from the code.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { type DirectedGraphNode, toDirectedGraph } from 'xstate/graph';
import { abdmMachine } from '../machines/abdm/abdm.machine';
import { avatarMachine } from '../machines/account/avatar.machine';
import { emailChangeMachine } from '../machines/account/emailChange.machine';
import { emailConfirmMachine } from '../machines/account/emailConfirm.machine';
import { invoicePdfMachine } from '../machines/billing/invoicePdf.machine';
import { invoicesMachine } from '../machines/billing/invoices.machine';
import { cartMachine } from '../machines/cart/cart.machine';
import { chatWidgetMachine } from '../machines/chat/chatWidget.machine';
import { checkoutMachine } from '../machines/checkout/checkout.machine';
import { eddmMachine } from '../machines/eddm/eddm.machine';
import { eddmAreasMachine } from '../machines/eddm/eddmAreas.machine';
import { approvalRequestMachine } from '../machines/files/approvalRequest.machine';
import { commentThreadMachine } from '../machines/files/commentThread.machine';
import { proofViewerMachine } from '../machines/files/proofViewer.machine';
import { eventLabel } from '../machines/graphLabels';
import { orderPageMachine } from '../machines/orders/orderPage.machine';
import { ordersListMachine } from '../machines/orders/ordersList.machine';
import { createPagedListMachine } from '../machines/pages/pagedList.machine';
import { paymentWaitMachine } from '../machines/payment/paymentWait.machine';
import { quoteMachine } from '../machines/quote/quote.machine';
import { createRequestMachine } from '../machines/request/request.machine';
import { scriptLoaderMachine, scriptMachine } from '../machines/scriptLoader/scriptLoader.machine';
import { searchDrawerMachine } from '../machines/searchDrawer/searchDrawer.machine';
import { sessionMachine } from '../machines/session/session.machine';
import { surveyMachine } from '../machines/survey/survey.machine';
import { teamMachine } from '../machines/team/team.machine';
import { toastsMachine, toastTimer } from '../machines/toasts/toasts.machine';
import { fileActionsMachine } from '../machines/upload/fileActions.machine';
import { uploadMachine } from '../machines/upload/upload.machine';
import { uploadQueueMachine } from '../machines/upload/uploadQueue.machine';

const MACHINES: Array<[string, AnyStateMachine, string]> = [
  [
    'session',
    sessionMachine,
    'The session and the auth guard (token age, SSO cascade logout, refresh, hydrate, 900 + 100 ms).',
  ],
  ['cart', cartMachine, 'Cart operations: the load keyed by cart id, add, remove.'],
  [
    'checkout',
    checkoutMachine,
    'Checkout: reviewing, placing once per idempotency key, placed; a changed cart, a refusal, a failure.',
  ],
  [
    'paymentWait',
    paymentWaitMachine,
    'A card checkout back from Stripe: asked every 2 s until paid, declined or released; 60 s or three failed looks give up.',
  ],
  ['quote', quoteMachine, "A placement's quote: dates and quantity, asked 250 ms after the last change."],
  [
    'proofViewer',
    proofViewerMachine,
    "The proof viewer: the file loading, a PDF's pages, zoom and pan, a failure.",
  ],
  [
    'commentThread',
    commentThreadMachine,
    "A file's or an order's comments: the thread loading, a draft kept with its mentions and pin, posting, deleting.",
  ],
  [
    'approvalRequest',
    approvalRequestMachine,
    "One run's approval: approve, or ask the company's admins when approvals need one; accept, decline, withdraw.",
  ],
  ['toasts', toastsMachine, 'Toasts: at most 3, each hidden after 5 seconds.'],
  ['toastTimer', toastTimer, "One toast's timer."],
  ['searchDrawer', searchDrawerMachine, 'The search drawer, the inline dropdown, and stalled searches.'],
  [
    'eddm',
    eddmMachine,
    'Every-door direct mail: the zip code, the route selection and its saving, the campaign.',
  ],
  [
    'eddmAreas',
    eddmAreasMachine,
    "A company's saved every-door areas: the list, saving, renaming, deleting after asking, using one.",
  ],
  [
    'abdm',
    abdmMachine,
    'Audience mail: the mailing lists, the zip codes, the quote, the drop week, into the cart.',
  ],
  ['survey', surveyMachine, 'The onboarding survey: offered once to a new customer, answered or declined.'],
  [
    'chatWidget',
    chatWidgetMachine,
    'The chat widget: booted before any other action, and shut down on sign-out.',
  ],
  [
    'request',
    createRequestMachine({ id: 'request', debounceMs: 250 }),
    'A keyed request (place suggestions, the known home, market maps and zip codes): a new key cancels the load in flight.',
  ],
  [
    'pagedList',
    createPagedListMachine({ id: 'pagedList' }),
    'A list shown a page at a time (the resource hub): Show more, a failure that keeps the pages, Try again.',
  ],
  [
    'ordersList',
    ordersListMachine,
    'An orders tab: the list the address shows, a search applied when typing pauses, the CSV export.',
  ],
  [
    'orderPage',
    orderPageMachine,
    "An order's page: loaded, cancelled after a confirmation, booked again into the cart.",
  ],
  [
    'upload',
    uploadMachine,
    'One ad file: queued, sent with tus (pause, resume, retry from where it got to), checked, then passed, attention or rejected.',
  ],
  [
    'fileActions',
    fileActionsMachine,
    'One file of the library: approved as its run’s ad, or deleted after a confirmation.',
  ],
  [
    'uploadQueue',
    uploadQueueMachine,
    'The uploads of the session: one upload actor per file, at most three sending at once.',
  ],
  [
    'team',
    teamMachine,
    'The team page: role changes, invitations cancelled or sent again, removal and a new owner after a confirmation.',
  ],
  [
    'avatar',
    avatarMachine,
    'The profile picture: a chosen file sent (refused over 5 MB), or the picture removed.',
  ],
  [
    'emailChange',
    emailChangeMachine,
    'A new sign-in address: checked, a link sent to it, nothing changed until it is opened.',
  ],
  ['emailConfirm', emailConfirmMachine, 'The e-mailed link’s page: the change confirmed once.'],
  ['invoices', invoicesMachine, 'The Billing page: invoices of a status, PDFs downloaded beside the list.'],
  ['invoicePdf', invoicePdfMachine, 'An invoice’s page: its PDF downloaded.'],
  ['scriptLoader', scriptLoaderMachine, 'The script loader: one child per script, each loaded once.'],
  ['script', scriptMachine, 'One external script: not loaded, loading, loaded or failed.'],
];

/** Mermaid state names: the path without the machine id, dots made safe. */
const name = (id: string) => id.split('.').slice(1).join('_') || 'root';

function lines(node: DirectedGraphNode, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const out: string[] = [];
  const { type } = node.stateNode;
  const children = node.children;
  const initial = node.stateNode.initial?.target?.[0];
  if (children.length > 0) {
    if (initial && type !== 'parallel') out.push(`${pad}[*] --> ${name(initial.id)}`);
    children.forEach((child, index) => {
      if (child.children.length > 0) {
        out.push(`${pad}state ${name(child.id)} {`);
        out.push(...lines(child, depth + 1));
        out.push(`${pad}}`);
      }
      // Parallel regions are separated by --.
      if (type === 'parallel' && index < children.length - 1) out.push(`${pad}--`);
    });
  }
  for (const child of children) {
    if (child.stateNode.type === 'final') out.push(`${pad}${name(child.id)} --> [*]`);
    for (const edge of child.edges)
      out.push(`${pad}${name(edge.source.id)} --> ${name(edge.target.id)}: ${eventLabel(edge.label.text)}`);
  }
  return out;
}

/** Every diagram file (name → Markdown), the index included: what docs/machines/ must hold. */
export function machineDiagrams(): Map<string, string> {
  const files = new Map<string, string>();
  const index: string[] = [
    '# Statecharts',
    '',
    'Written by `npm run machines:diagrams` from the machines themselves.',
    '',
  ];
  for (const [file, machine, about] of MACHINES) {
    const graph = toDirectedGraph(machine);
    // The machine is one composite state, so parallel regions (--) and its own transitions have a home.
    const root = machine.id;
    const rootEdges = graph.edges.map(
      (edge) =>
        `    ${name(edge.source.id) === 'root' ? root : name(edge.source.id)} --> ${name(edge.target.id) === 'root' ? root : name(edge.target.id)}: ${eventLabel(edge.label.text)}`,
    );
    const body = ['stateDiagram-v2', `  state ${root} {`, ...lines(graph, 2), ...rootEdges, '  }'].join('\n');
    files.set(
      `${file}.md`,
      `# ${file}\n\n${about}\n\nSource: \`${machine.id}\` machine. Regenerate with \`npm run machines:diagrams\`.\n\n\`\`\`mermaid\n${body}\n\`\`\`\n`,
    );
    index.push(`- [${file}](${file}.md): ${about}`);
  }
  files.set('README.md', `${index.join('\n')}\n`);
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const outDir = path.resolve('docs/machines');
  mkdirSync(outDir, { recursive: true });
  for (const [file, text] of machineDiagrams()) {
    writeFileSync(path.join(outDir, file), text);
    console.log(`docs/machines/${file}`);
  }
}
