/** Rural tourism content (docs/product.md#content-pages): four offerings and four destinations. */
export type RuralOffering = { title: string; text: string; image: string };
export type RuralDestination = { name: string; district: string; text: string; highlights: string[]; image: string };

export const ruralOfferings: readonly RuralOffering[] = [
  {
    title: 'Homestay Living',
    text: 'Sleep in family homes of wood and stone, share meals cooked on the hearth and wake up to the valley.',
    image: '/images/rural/homestay-living.svg',
  },
  {
    title: 'Cultural Immersion',
    text: 'Join Lepcha, Bhutia and Nepali hosts for festivals, weaving, millet brewing and stories passed down for generations.',
    image: '/images/rural/cultural-immersion.svg',
  },
  {
    title: 'Nature Exploration',
    text: 'Walk cardamom forests, bird-rich ridges and river trails with village guides who know every path.',
    image: '/images/rural/nature-exploration.svg',
  },
  {
    title: 'Sustainable Tourism',
    text: 'Your stay pays the families directly, keeps village crafts alive and follows leave-no-trace rules.',
    image: '/images/rural/sustainable-tourism.svg',
  },
];

export const ruralDestinations: readonly RuralDestination[] = [
  {
    name: 'Uttarey',
    district: 'West Sikkim',
    text: 'A quiet border village at 6,600 ft, gateway to the Singalila ridge and its rhododendron forests.',
    highlights: ['Singalila ridge walks', 'Trout farm and river picnics', 'Rhododendron blooms in spring'],
    image: '/images/rural/uttarey.svg',
  },
  {
    name: 'Kaluk',
    district: 'West Sikkim',
    text: 'Orange orchards and a wide Kanchenjunga panorama, close to Rinchenpong monastery.',
    highlights: ['Kanchenjunga sunrise', 'Rinchenpong monastery', 'Orange orchards in winter'],
    image: '/images/rural/kaluk.svg',
  },
  {
    name: 'Dzongu',
    district: 'North Sikkim',
    text: 'The protected Lepcha homeland along the Teesta, reachable with a special permit we arrange for you.',
    highlights: ['Lepcha culture and cuisine', 'Hot springs and waterfalls', 'Cardamom forest trails'],
    image: '/images/rural/dzongu.svg',
  },
  {
    name: 'Lingdem',
    district: 'North Sikkim',
    text: 'A hamlet of farmhouses above the Rangrang river, with hot springs and a warm welcome.',
    highlights: ['Lingdem hot springs', 'Farm-to-table meals', 'Village monastery visits'],
    image: '/images/rural/lingdem.svg',
  },
];

/** Our commitments to the villages (rural tourism commitment section). */
export const ruralCommitments: readonly string[] = [
  'Fair prices paid directly to host families',
  'Small groups, so villages are never crowded',
  'Local guides and locally grown food',
  'Leave-no-trace and plastic-free travel',
];
