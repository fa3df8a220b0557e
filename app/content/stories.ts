/** Travel stories of the home page (docs/product.md#home). */
export type TravelStory = {
  title: string;
  location: string;
  /** ISO date. */
  date: string;
  image: string;
  rating: number;
  duration: string;
  author: string;
  story: string;
  likes: number;
};

export const travelStories: readonly TravelStory[] = [
  {
    title: 'A Morning at Rumtek Monastery',
    location: 'Rumtek, East Sikkim',
    date: '2025-03-14',
    image: '/images/stories/monastery-morning.svg',
    rating: 5,
    duration: 'Half day',
    author: 'Ananya S.',
    story: 'We arrived before the prayers began. Butter lamps, deep horns and the smell of juniper smoke: an hour we will never forget.',
    likes: 128,
  },
  {
    title: 'Walking the Tea Estates of Darjeeling',
    location: 'Darjeeling, West Bengal',
    date: '2025-04-02',
    image: '/images/stories/tea-estate-walk.svg',
    rating: 5,
    duration: '1 day',
    author: 'Tom W.',
    story: 'Rows of tea bushes falling into the mist, a tasting with the estate manager and the toy train whistling below us.',
    likes: 96,
  },
  {
    title: 'On the Yak Trail to Zuluk',
    location: 'Zuluk, East Sikkim',
    date: '2025-01-20',
    image: '/images/stories/yak-trail.svg',
    rating: 5,
    duration: '2 days',
    author: 'Rahul M.',
    story: 'Thirty-two hairpin bends, frozen waterfalls and a homestay stove that kept us warm at 10,000 feet on the old Silk Route.',
    likes: 143,
  },
];
