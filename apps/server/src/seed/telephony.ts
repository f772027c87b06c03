import type { Db } from '../db/client';
import {
  barringOptions,
  phoneProviders,
  products,
  telephonyFeatures,
} from '../modules/orders/orders.schema';

/** Call barring modes (docs/decisions/021). */
export const BARRING_OPTIONS = [
  { value: 'none', label: 'No call barring', sort: 1 },
  { value: 'international', label: 'Bar international calls', sort: 2 },
  { value: 'premium', label: 'Bar premium rate numbers (19x)', sort: 3 },
  { value: 'international-premium', label: 'Bar international and premium (19x) calls', sort: 4 },
  {
    value: 'all-outgoing',
    label: 'Bar all outgoing calls except emergency (000 and 112)',
    sort: 5,
  },
];

const offOn = ['off', 'on'];

type Feature = typeof telephonyFeatures.$inferInsert;

/**
 * A landline option. Unless it says otherwise: no range, no other option needed, no choices and
 * no extra permission.
 */
const feature = (
  fields: Omit<Feature, 'range' | 'requires' | 'data' | 'permissions'> & Partial<Feature>,
): Feature => ({ range: null, requires: [], data: [], permissions: [], ...fields });

/**
 * The landline options (spec 2 section 3 "Telephony feature"): each type, a toggle with a
 * dependent text field (call forwarding and its number; voicemail and its PIN), priced options
 * and one that needs another permission. Ids are stable: tests and the web refer to them.
 */
export const TELEPHONY_FEATURES: Feature[] = [
  feature({
    id: 1,
    feature: 'caller-id',
    label: 'Show my number when I call',
    section: 'Calling',
    type: 'select',
    defaultValue: 'show',
    data: [
      { value: 'show', label: 'Show my number' },
      { value: 'hide', label: 'Hide my number (private)' },
    ],
    sort: 1,
  }),
  feature({
    id: 2,
    feature: 'call-waiting',
    label: 'Call waiting',
    section: 'Calling',
    type: 'toggle',
    range: offOn,
    defaultValue: 'on',
    sort: 2,
  }),
  feature({
    id: 3,
    feature: 'call-forwarding',
    label: 'Call forwarding',
    section: 'Forwarding',
    priceCents: 300,
    type: 'toggle',
    range: offOn,
    defaultValue: 'off',
    sort: 3,
  }),
  feature({
    id: 4,
    feature: 'forward-to',
    label: 'Forward calls to',
    section: 'Forwarding',
    type: 'text',
    defaultValue: '',
    requires: [3],
    sort: 4,
  }),
  feature({
    id: 5,
    feature: 'forward-when',
    label: 'Forward when',
    section: 'Forwarding',
    type: 'selection',
    defaultValue: 'always',
    requires: [3],
    data: [
      { value: 'always', label: 'Always' },
      { value: 'busy', label: 'When busy' },
      { value: 'no-answer', label: 'When not answered' },
    ],
    sort: 5,
  }),
  feature({
    id: 6,
    feature: 'voicemail',
    label: 'Voicemail',
    section: 'Voicemail',
    priceCents: 200,
    type: 'toggle',
    range: offOn,
    defaultValue: 'off',
    sort: 6,
  }),
  feature({
    id: 7,
    feature: 'voicemail-pin',
    label: 'Voicemail PIN',
    section: 'Voicemail',
    type: 'text',
    defaultValue: '',
    requires: [6],
    sort: 7,
  }),
  feature({
    id: 8,
    feature: 'international-calls',
    label: 'International calling pack',
    section: 'Calling',
    priceCents: 1000,
    type: 'toggle',
    range: offOn,
    defaultValue: 'off',
    // Adds spending to the account: for those who may also buy products.
    permissions: ['purchase-products'],
    sort: 8,
  }),
  feature({
    id: 9,
    feature: 'voip-app',
    label: 'Answer calls in the VoIP app',
    section: 'VoIP',
    type: 'toggle',
    range: offOn,
    defaultValue: 'off',
    voipOnly: true,
    sort: 9,
  }),
];

/**
 * The product catalogue (docs/decisions/022): routers, mesh nodes and a handset. Ids are stable
 * (tests refer to them); images are the web app's /products/*.webp (a few KB each).
 */
export const PRODUCTS: (typeof products.$inferInsert)[] = [
  {
    id: 1,
    name: 'Wi-Fi 6 Router',
    model: 'Outpost AX1800',
    article: 'OP-RT-AX1800',
    priceCents: 14900,
    rrpCents: 19900,
    image: '/products/router-ax1800.webp',
    type: 'router',
    sort: 1,
  },
  {
    id: 2,
    name: 'Wi-Fi 6 Pro Router',
    model: 'Outpost AX3000',
    article: 'OP-RT-AX3000',
    priceCents: 22900,
    rrpCents: 27900,
    image: '/products/router-ax3000.webp',
    type: 'router',
    sort: 2,
  },
  {
    id: 3,
    name: 'Mesh Wi-Fi Node',
    model: 'Outpost Mesh M1',
    article: 'OP-MS-M1',
    priceCents: 11900,
    rrpCents: 14900,
    image: '/products/mesh-node.webp',
    type: 'mesh',
    sort: 3,
  },
  {
    id: 4,
    name: 'Mesh Wi-Fi Twin Pack',
    model: 'Outpost Mesh M1 x2',
    article: 'OP-MS-M1X2',
    priceCents: 21900,
    rrpCents: 27900,
    image: '/products/mesh-twin.webp',
    type: 'mesh',
    sort: 4,
  },
  {
    id: 5,
    name: 'Cordless Phone Handset',
    model: 'Outpost DECT 100',
    article: 'OP-PH-D100',
    priceCents: 6900,
    rrpCents: 8900,
    image: '/products/cordless-handset.webp',
    type: 'handset',
    sort: 5,
  },
  {
    id: 6,
    name: 'Wi-Fi 5 Router (discontinued)',
    model: 'Outpost AC1200',
    article: 'OP-RT-AC1200',
    priceCents: 9900,
    rrpCents: 12900,
    image: '/products/router-ax1800.webp',
    type: 'router',
    active: false,
    sort: 6,
  },
];

const PROVIDER_NAMES = [
  ['telstra', 'Telstra'],
  ['optus', 'Optus'],
  ['tpg', 'TPG'],
  ['iinet', 'iiNet'],
  ['aussie-broadband', 'Aussie Broadband'],
  ['vodafone', 'Vodafone'],
  ['dodo', 'Dodo'],
  ['exetel', 'Exetel'],
] as const;

/** The providers a number can come from (spec 2 section 3 "Provider option"), 'Other' last. */
export const PHONE_PROVIDERS: (typeof phoneProviders.$inferInsert)[] = (
  ['Landline', 'VOIP'] as const
).flatMap((technology) => [
  ...PROVIDER_NAMES.filter(([value]) => technology === 'VOIP' || value !== 'vodafone').map(
    ([value, label], i) => ({ technology, value, label, sort: i + 1 }),
  ),
  ...(technology === 'VOIP'
    ? [
        { technology, value: 'mynetfone', label: 'MyNetFone', sort: 50 },
        { technology, value: 'maxo', label: 'Maxo', sort: 51 },
      ]
    : []),
  { technology, value: 'other', label: 'Other', sort: 99 },
]);

export async function seedTelephony(db: Db): Promise<void> {
  await db.insert(barringOptions).values(BARRING_OPTIONS);
  await db.insert(telephonyFeatures).values(TELEPHONY_FEATURES);
  await db.insert(products).values(PRODUCTS);
  await db.insert(phoneProviders).values(PHONE_PROVIDERS);
}
