/**
 * Texts of the home About section and the /about page (selling points:
 * docs/product.md#what-the-product-is).
 */
export type Reason = { title: string; text: string };

/** The six selling points of docs/product.md#what-the-product-is, in its order. */
export const reasonsToChoose: readonly Reason[] = [
  { title: 'Local expertise', text: 'Born and raised in Sikkim, we know the roads, the weather windows and the people along the way.' },
  {
    title: 'Registered with the Tourism Department',
    text: 'A licensed operator with the Sikkim Tourism Department, so permits and paperwork are in good hands.',
  },
  { title: 'Customized experiences', text: 'Every itinerary is tuned to your dates, pace, budget and interests, never a one-size-fits-all tour.' },
  { title: 'Our own hotels', text: 'We run our own stays, so rooms, warmth and food are ours to guarantee.' },
  { title: 'Experienced, safe drivers', text: 'Hill-trained drivers with years on North Sikkim and Silk Route roads, in well-maintained vehicles.' },
  { title: '24/7 support on the trip', text: 'A real person answers day and night while you travel, for changes, road closures or just advice.' },
];

/** Trust badges under the hero. */
export const trustBadges: readonly { title: string; text: string }[] = [
  { title: 'Registered operator', text: 'Sikkim Tourism Department' },
  { title: 'Local Gangtok team', text: 'Guides and drivers from the hills' },
  { title: 'Permits handled', text: 'Nathula, North Sikkim, Zuluk' },
  { title: '24/7 support', text: 'Day and night during your trip' },
];
