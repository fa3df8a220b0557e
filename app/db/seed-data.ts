/**
 * The sample content (docs/product.md): two tour packages, five bikes, six cars, three bookings and
 * three contact inquiries of a tour operator in Gangtok, Sikkim. Used by app/db/seed.ts (packages,
 * bikes and cars pass through their write schemas there) and by the tests. Display fields are stored
 * values (docs/decisions/006-display-fields.md), policies live in settings
 * (docs/decisions/007-one-policy-text.md), and bookings and inquiries use the single stores of
 * docs/decisions/025-two-stores-for-everything-visitors-send.md.
 */
import type { BikeWriteInput } from '../schemas/bike';
import type { CarWriteInput } from '../schemas/car';
import type { PackageWriteInput } from '../schemas/package';
import type { NewBooking, NewInquiry } from './schema';

export const seedPackages: PackageWriteInput[] = [
  {
    title: 'Sikkim Explorer',
    description:
      'A five-day circuit of Gangtok, Tsomgo Lake, Rumtek, Ravangla and Pelling with pickup and drop at NJP or ' +
      'Bagdogra. It combines one high-altitude day at the Tibetan border with the monasteries and Kanchenjunga views ' +
      'of south and west Sikkim.',
    overview:
      'This is our standard first-visit itinerary for Sikkim. You spend three nights in Gangtok (5,410 ft), which ' +
      'gives the body a day to adjust before the drive up the Nathula road to Tsomgo Lake (12,310 ft) and Baba ' +
      'Mandir, with an optional extension to Nathula Pass (14,140 ft) for Indian nationals on days the pass is open ' +
      '(closed on Mondays and Tuesdays). A day of sightseeing in and around Gangtok covers Rumtek Monastery, the ' +
      'Namgyal Institute of Tibetology and an evening on MG Marg. The route then crosses to west Sikkim via the ' +
      'Buddha Park at Ravangla and ends with a night in Pelling, where clear mornings from October to May give a ' +
      'full view of the Kanchenjunga range before the drive back to the plains. Permits for Tsomgo Lake are arranged ' +
      'by us from the ID and photographs you send in advance; the Nathula permit is applied for one day before and ' +
      'depends on the army and the weather.',
    imageUrl: '/images/packages/sikkim-explorer.svg',
    duration: '5 Days / 4 Nights',
    price: 0,
    location: 'Gangtok, Tsomgo Lake, Pelling',
    category: 'cultural',
    people: '2-12 People',
    highlights: [
      'Tsomgo Lake at 12,310 ft and Baba Mandir',
      'Nathula Pass at 14,140 ft on the Indo-China border (optional, Indian nationals, closed Mon/Tue)',
      'Rumtek Monastery, seat of the Karmapa lineage',
      'Buddha Park at Ravangla with its 130 ft Buddha statue',
      'Kanchenjunga sunrise from Pelling and Pemayangtse Monastery',
      'Evening walk on MG Marg, Gangtok’s pedestrian high street',
    ],
    itinerary: [
      {
        day: 1,
        title: 'Arrival at Bagdogra / NJP and drive to Gangtok',
        description:
          'Our driver meets you at Bagdogra Airport or New Jalpaiguri station. Bagdogra to Gangtok is 124 km, about ' +
          '4.5 hours (NJP is 118 km, similar time), along the Teesta river via Sevoke and the Rangpo check post, ' +
          'where Sikkim entry is recorded. Check in at the hotel in Gangtok (5,410 ft) and rest for the evening.',
        activities: ['Airport or station pickup', 'Drive along the Teesta river', 'Entry formalities at Rangpo'],
        meals: 'Dinner',
        stay: 'Hotel in Gangtok',
      },
      {
        day: 2,
        title: 'Tsomgo Lake and Baba Mandir (optional Nathula Pass)',
        permitId: 'tsomgo-pap',
        description:
          'Start at 8 am on the Jawaharlal Nehru Road to Tsomgo Lake (12,310 ft), 38 km and about 2 hours from ' +
          'Gangtok, then continue to Baba Mandir (about 13,100 ft). Indian nationals can add Nathula Pass ' +
          '(14,140 ft, 56 km from Gangtok) with a permit applied for the previous day; the pass is closed on Mondays ' +
          'and Tuesdays and the road can be shut after snowfall. Walk slowly, drink water and limit the time at the ' +
          'top to about an hour. Return to Gangtok by late afternoon.',
        activities: [
          'Tsomgo Lake',
          'Baba Harbhajan Singh Mandir',
          'Nathula Pass (optional, permit and extra vehicle charge)',
          'Yak ride at the lake (optional)',
        ],
        meals: 'Breakfast & Dinner',
        stay: 'Hotel in Gangtok',
      },
      {
        day: 3,
        title: 'Rumtek Monastery and Gangtok sightseeing',
        description:
          'Drive to Rumtek Monastery, 24 km and about an hour from the town, then return for the Namgyal Institute ' +
          'of Tibetology, Do Drul Chorten, Enchey Monastery and the Banjhakri Falls park. Views over the town from ' +
          'Tashi View Point or Hanuman Tok depending on the weather. The evening is free for MG Marg and Lal Bazaar.',
        activities: [
          'Rumtek Monastery',
          'Namgyal Institute of Tibetology',
          'Do Drul Chorten and Enchey Monastery',
          'Banjhakri Falls',
          'MG Marg in the evening',
        ],
        meals: 'Breakfast & Dinner',
        stay: 'Hotel in Gangtok',
      },
      {
        day: 4,
        title: 'Gangtok to Pelling via Ravangla',
        description:
          'Leave Gangtok after breakfast for Ravangla (7,000 ft), 65 km and about 3 hours, to visit the Buddha Park ' +
          'and the Tathagata Tsal statue. Continue via Legship to Pelling (6,800 ft), about 2.5 hours more; the ' +
          'whole day is roughly 130 km and 6 hours of hill driving. Evening at leisure in Pelling.',
        activities: ['Buddha Park, Ravangla', 'Views of the Teesta and Rangit valleys', 'Evening in Pelling'],
        meals: 'Breakfast & Dinner',
        stay: 'Hotel in Pelling',
      },
      {
        day: 5,
        title: 'Pelling sunrise and departure to Bagdogra / NJP',
        description:
          'On a clear morning Kanchenjunga (28,169 ft) is visible from the hotel at sunrise. Visit Pemayangtse ' +
          'Monastery and the Rabdentse palace ruins, then drive to Bagdogra or NJP, about 140 km and 5.5 to 6 hours ' +
          'via Jorethang and Melli. Book onward flights or trains leaving after 4 pm.',
        activities: ['Kanchenjunga sunrise', 'Pemayangtse Monastery', 'Rabdentse ruins', 'Drop at Bagdogra or NJP'],
        meals: 'Breakfast',
        stay: 'Departure',
      },
    ],
    inclusions: [
      'Four nights’ accommodation on twin sharing (three in Gangtok, one in Pelling)',
      'Daily breakfast and dinner at the hotels',
      'Private vehicle for all transfers and sightseeing as per the itinerary',
      'Pickup and drop at Bagdogra Airport or NJP station',
      'Protected Area Permit for Tsomgo Lake and Baba Mandir',
      'Driver allowance, fuel, parking and tolls',
      'Assistance from our Gangtok office throughout the trip',
    ],
    exclusions: [
      'Air or rail fare to Bagdogra / NJP',
      'Nathula Pass permit and the extra vehicle charge for the Nathula extension',
      'Lunch, drinks and personal expenses',
      'Entry tickets, camera fees, yak rides and ropeway tickets',
      'Travel insurance and medical expenses',
      'Costs from road closures, landslides or flight delays',
      'GST at 5%',
    ],
    gallery: [
      '/images/places/tsomgo-lake.svg',
      '/images/places/nathula-pass.svg',
      '/images/places/rumtek-monastery.svg',
      '/images/places/ravangla-buddha.svg',
      '/images/places/pelling-kanchenjunga.svg',
    ],
    startDate: null,
    endDate: null,
    maxPersons: 15,
    registrationNumber: null,
    termsAndConditions: [
      'Permits for Tsomgo Lake and Nathula need a copy of a government photo ID (Aadhaar, passport, voter ID or ' +
        'driving licence) and two passport-size photographs per traveller, sent at least 3 days before arrival.',
      'Foreign nationals need a Restricted Area Permit to enter Sikkim; they may visit Tsomgo Lake with a Protected ' +
        'Area Permit but not Baba Mandir or Nathula Pass.',
      'Nathula Pass is closed on Mondays and Tuesdays and is subject to permits being issued; the Tsomgo road can ' +
        'close after snowfall or landslides, in which case we offer alternative sightseeing and no refund is due.',
      'Only Sikkim-registered taxis may run to Tsomgo Lake and Nathula, so the vehicle may change for that day.',
      'Travellers with heart or breathing conditions should consult a doctor before going above 12,000 ft; infants ' +
        'and pregnant travellers are advised not to.',
    ],
    accommodation: [
      { location: 'Gangtok', hotel: 'Hotel Mount Siniolchu (or similar)', nights: 3, category: '3 Star', rooms: 1 },
      {
        location: 'Pelling',
        hotel: 'Hotel Kanchen View Residency (or similar)',
        nights: 1,
        category: '3 Star',
        rooms: 1,
      },
    ],
    vehicleType: 'Innova Crysta / Xylo',
    locations: ['Bagdogra / NJP', 'Gangtok', 'Tsomgo Lake', 'Baba Mandir', 'Nathula Pass', 'Rumtek', 'Ravangla', 'Pelling'],
    // Tsomgo on day 2 (docs/decisions/050-permits-and-manifests.md#permits-in-settings-and-on-packages):
    // Nathula is an optional add-on that day, so the package does not need its permit, and bookings on
    // any day of the week stay open (Nathula's Monday and Tuesday closure is not checked).
    permitIds: ['tsomgo-pap'],
    permitDocumentsDaysBefore: 10,
    rating: 4.7,
    reviewCount: 59,
    tag: 'Best Seller',
    featured: true,
    discountLabel: '20% Off',
  },
  {
    title: 'North Sikkim & Gangtok Explorer',
    description:
      'Six days from Gangtok to Lachung, Yumthang Valley, Zero Point, Lachen and Gurudongmar Lake and back to ' +
      'Gangtok. The route climbs gradually so that the highest point, Gurudongmar at about 17,800 ft, comes on the ' +
      'fourth day.',
    overview:
      'North Sikkim is reached only with a Protected Area Permit and in a locally registered vehicle, and we arrange ' +
      'both. After a first night in Gangtok the route follows the North Sikkim Highway through Mangan and Chungthang ' +
      'to Lachung (8,600 ft), where the Yumthang Valley (about 11,800 ft) is known for rhododendrons from mid-April ' +
      'to May and for snow from December to March. Zero Point (Yumesamdong, about 15,300 ft) lies beyond it. From ' +
      'Lachung we cross to Lachen (8,800 ft) so that you sleep at a moderate altitude before the early start for ' +
      'Gurudongmar Lake (about 17,800 ft), one of the highest lakes in India. The last two nights are in Gangtok ' +
      'with a relaxed day of sightseeing and an evening on MG Marg. Roads in the north are narrow and sometimes ' +
      'blocked by landslides in the monsoon (June to September) or by snow in winter; the itinerary may be reversed ' +
      'or shortened on the advice of the local authorities.',
    imageUrl: '/images/packages/north-sikkim.svg',
    duration: '6 Days / 5 Nights',
    price: 0,
    location: 'Gangtok, Lachung, Lachen',
    category: 'adventure',
    people: '2-12 People',
    highlights: [
      'Gurudongmar Lake at about 17,800 ft, sacred to Buddhists and Sikhs',
      'Yumthang Valley at 11,800 ft, the Valley of Flowers',
      'Zero Point (Yumesamdong) at about 15,300 ft, snow for most of the year',
      'Mountain villages of Lachung and Lachen, home of Lachungpa and Lachenpa Bhutias',
      'Seven Sisters and Naga waterfalls on the North Sikkim Highway',
      'Gangtok sightseeing and MG Marg',
    ],
    itinerary: [
      {
        day: 1,
        title: 'Arrival at Bagdogra / NJP and drive to Gangtok',
        description:
          'Pickup at Bagdogra Airport or NJP station and drive to Gangtok (5,410 ft), 124 km and about 4.5 hours via ' +
          'Sevoke, Teesta Bazaar and Rangpo. A quiet evening in Gangtok helps with acclimatisation; the North Sikkim ' +
          'permit is processed the same day from the documents you sent in advance.',
        activities: ['Airport or station pickup', 'Drive along the Teesta river', 'Permit processing in Gangtok'],
        meals: 'Dinner',
        stay: 'Hotel in Gangtok',
      },
      {
        day: 2,
        title: 'Gangtok to Lachung',
        permitId: 'north-sikkim-pap',
        description:
          'Leave by 10 am for Lachung (8,600 ft), about 118 km and 6 to 7 hours via Kabi, Phodong, Mangan and ' +
          'Chungthang, with stops at Tashi View Point, Seven Sisters Waterfall and Naga Falls. Permits are checked ' +
          'at Mangan and Chungthang. Reach Lachung by evening.',
        activities: ['Tashi View Point', 'Seven Sisters Waterfall', 'Naga Falls', 'Chungthang confluence'],
        meals: 'Breakfast, Lunch & Dinner',
        stay: 'Hotel in Lachung',
      },
      {
        day: 3,
        title: 'Yumthang Valley and Zero Point, then Lachen',
        permitId: 'north-sikkim-pap',
        description:
          'Leave at 6 am for Yumthang Valley (about 11,800 ft), 24 km and 1.5 hours from Lachung, with the hot ' +
          'springs and the Shingba Rhododendron Sanctuary. Indian nationals can continue to Zero Point (about ' +
          '15,300 ft), another 23 km, at extra vehicle cost. Back in Lachung for lunch, then drive to Lachen ' +
          '(8,800 ft) via Chungthang, about 50 km and 3 hours.',
        activities: ['Yumthang Valley', 'Shingba Rhododendron Sanctuary', 'Zero Point (optional, Indian nationals)', 'Drive to Lachen'],
        meals: 'Breakfast, Lunch & Dinner',
        stay: 'Hotel in Lachen',
      },
      {
        day: 4,
        title: 'Gurudongmar Lake and drive back to Gangtok',
        permitId: 'north-sikkim-pap',
        description:
          'Leave Lachen at 4 am for Gurudongmar Lake (about 17,800 ft), 67 km and about 3 hours via Thangu ' +
          '(13,000 ft) and the Chopta Valley. Oxygen is thin: move slowly and stay at the lake no more than 30 ' +
          'minutes. Return to Lachen for lunch, then drive to Gangtok, about 120 km and 6 hours, arriving in the ' +
          'evening.',
        activities: ['Gurudongmar Lake', 'Thangu', 'Chopta Valley', 'Return to Gangtok'],
        meals: 'Breakfast, Lunch & Dinner',
        stay: 'Hotel in Gangtok',
      },
      {
        day: 5,
        title: 'Gangtok sightseeing and MG Marg',
        description:
          'A late start after the long previous day. Visit Enchey Monastery, Do Drul Chorten, the Namgyal Institute ' +
          'of Tibetology, the Flower Exhibition Centre and Banjhakri Falls, with a ride on the Gangtok ropeway if it ' +
          'is running. Evening free on MG Marg.',
        activities: ['Enchey Monastery', 'Do Drul Chorten', 'Namgyal Institute of Tibetology', 'Banjhakri Falls', 'MG Marg in the evening'],
        meals: 'Breakfast & Dinner',
        stay: 'Hotel in Gangtok',
      },
      {
        day: 6,
        title: 'Departure to Bagdogra / NJP',
        description:
          'After breakfast drive to Bagdogra Airport or NJP station, 124 km and about 4.5 hours; allow extra time ' +
          'for traffic at Sevoke and Siliguri. Book onward flights or trains leaving after 2 pm.',
        activities: ['Drop at Bagdogra or NJP'],
        meals: 'Breakfast',
        stay: 'Departure',
      },
    ],
    inclusions: [
      'Five nights’ accommodation on twin sharing (three in Gangtok, one in Lachung, one in Lachen)',
      'Breakfast and dinner in Gangtok; all meals in Lachung and Lachen',
      'Private vehicle for all transfers and sightseeing as per the itinerary',
      'Pickup and drop at Bagdogra Airport or NJP station',
      'Protected Area Permit for North Sikkim',
      'Driver allowance, fuel, parking and tolls',
      'Assistance from our Gangtok office throughout the trip',
    ],
    exclusions: [
      'Air or rail fare to Bagdogra / NJP',
      'Extra vehicle charge for Zero Point',
      'Room heaters, drinks and personal expenses',
      'Entry tickets, camera fees and ropeway tickets',
      'Travel insurance, medical expenses and oxygen cylinders',
      'Costs from road closures, landslides or flight delays',
      'GST at 5%',
    ],
    gallery: [
      '/images/places/gurudongmar-lake.svg',
      '/images/places/yumthang-valley.svg',
      '/images/places/lachung-village.svg',
      '/images/places/gangtok-mg-marg.svg',
    ],
    startDate: null,
    endDate: null,
    maxPersons: 17,
    registrationNumber: null,
    termsAndConditions: [
      'The North Sikkim permit needs a copy of a government photo ID and two passport-size photographs per ' +
        'traveller, sent at least 5 days before arrival; children need a birth certificate or school ID.',
      'Foreign nationals need a Restricted Area Permit to enter Sikkim and may visit Lachung, Yumthang and Lachen ' +
        'only in groups of two or more; Zero Point and Gurudongmar Lake are open to Indian nationals only.',
      'North Sikkim roads close without notice after landslides or heavy snow; the itinerary may be changed or ' +
        'reversed on the advice of the district administration, and unused services are not refunded.',
      'Hotels in Lachung and Lachen are simple lodges with limited electricity and hot water; room heaters cost extra.',
      'Travellers with heart or breathing conditions, pregnant travellers and children under 5 are advised not to go ' +
        'to Gurudongmar Lake; avoid alcohol and smoking at altitude.',
    ],
    accommodation: [
      { location: 'Gangtok', hotel: 'Hotel Mount Siniolchu (or similar)', nights: 1, category: '3 Star', rooms: 1 },
      { location: 'Lachung', hotel: 'Hotel Yumthang Retreat (or similar)', nights: 1, category: 'Standard', rooms: 1 },
      {
        location: 'Lachen',
        hotel: 'Hotel Thangu Valley Lodge (or similar)',
        nights: 1,
        category: 'Standard',
        rooms: 1,
      },
      { location: 'Gangtok', hotel: 'Hotel Mount Siniolchu (or similar)', nights: 2, category: '3 Star', rooms: 1 },
    ],
    vehicleType: 'Mahindra Scorpio / Xylo (Sikkim-registered)',
    locations: ['Bagdogra / NJP', 'Gangtok', 'Mangan', 'Chungthang', 'Lachung', 'Yumthang Valley', 'Zero Point', 'Lachen', 'Gurudongmar Lake'],
    // Days 2 to 4 are in North Sikkim (docs/decisions/050-permits-and-manifests.md).
    permitIds: ['north-sikkim-pap'],
    permitDocumentsDaysBefore: 10,
    rating: 4.8,
    reviewCount: 86,
    tag: 'Popular',
    featured: true,
    discountLabel: '20% Off',
  },
];

export const seedBikes: BikeWriteInput[] = [
  {
    model: 'Royal Enfield Himalayan 450',
    description:
      'The liquid-cooled 452cc engine keeps its pull above 12,000 ft, where older air-cooled bikes lose power on the ' +
      'climbs to Tsomgo and Zuluk. Long-travel suspension and 230 mm of ground clearance handle the broken stretches ' +
      'and water crossings of the North Sikkim Highway.',
    imageUrl: '/images/bikes/himalayan-450.svg',
    dailyRate: null,
    engineCapacity: '450cc',
    maxSpeed: '150 km/h',
    available: true,
    features: 'Ride-by-wire with riding modes, Switchable rear ABS, TFT with map navigation, LED headlamp, Long-travel ' + 'suspension, Luggage rack',
    category: 'Adventure',
    gearType: 'manual',
    gallery: ['/images/bikes/himalayan-450.svg', '/images/places/gurudongmar-lake.svg', '/images/places/nathula-pass.svg'],
    specifications: { weight: '196 kg', fuelCapacity: '17 L', seatHeight: '825 mm', groundClearance: '230 mm' },
    rating: 4.8,
    reviewCount: 67,
    tag: 'Most Popular',
    featured: true,
    discountLabel: '15% Off',
  },
  {
    model: 'Royal Enfield Classic 350',
    description:
      'A relaxed, torquey single that is easy to ride at the low speeds of Gangtok traffic and the hairpins to ' +
      'Rumtek and Ravangla. The upright seat and rear carrier suit two-up touring on paved roads in south and west ' +
      'Sikkim.',
    imageUrl: '/images/bikes/classic-350.svg',
    dailyRate: null,
    engineCapacity: '350cc',
    maxSpeed: '115 km/h',
    available: true,
    features: 'Dual-channel ABS, Tripper navigation, Comfortable pillion seat, Crash guard, Rear carrier, USB charging',
    category: 'Cruiser',
    gearType: 'manual',
    gallery: ['/images/bikes/classic-350.svg', '/images/places/rumtek-monastery.svg'],
    specifications: { weight: '195 kg', fuelCapacity: '13 L', seatHeight: '805 mm', groundClearance: '170 mm' },
    rating: 4.8,
    reviewCount: 67,
    tag: 'Best Value',
    featured: true,
    discountLabel: '15% Off',
  },
  {
    model: 'Hero XPulse 200 4V',
    description:
      'Light and narrow, it is the easiest bike to manage on gravel, landslide diversions and steep village roads ' +
      'around Lachung and Pelling. The 21-inch front wheel and off-road ABS mode give confidence on loose surfaces.',
    imageUrl: '/images/bikes/xpulse-200.svg',
    dailyRate: null,
    engineCapacity: '200cc',
    maxSpeed: '115 km/h',
    available: true,
    features: 'Single-channel ABS with off-road mode, 21-inch front wheel, LED headlamp, Bluetooth console, Knuckle guards, ' + 'USB charging',
    category: 'Dual Sport',
    gearType: 'manual',
    gallery: ['/images/bikes/xpulse-200.svg', '/images/places/lachung-village.svg', '/images/places/yumthang-valley.svg'],
    specifications: { weight: '159 kg', fuelCapacity: '13 L', seatHeight: '825 mm', groundClearance: '220 mm' },
    rating: 4.8,
    reviewCount: 67,
    tag: 'New Arrival',
    featured: false,
    discountLabel: null,
  },
  {
    model: 'TVS Ntorq 125',
    description:
      'An automatic scooter for getting around Gangtok, where parking is tight and the one-way loops around MG Marg ' +
      'are steep. Best for town use and short trips to Rumtek or Tashi View Point rather than high-altitude routes.',
    imageUrl: '/images/bikes/ntorq-125.svg',
    dailyRate: null,
    engineCapacity: '125cc',
    maxSpeed: '95 km/h',
    available: true,
    features: 'CVT automatic, Bluetooth-connected console, Under-seat storage, Front disc brake, LED tail lamp, USB charging',
    category: 'Scooter',
    gearType: 'automatic',
    gallery: ['/images/bikes/ntorq-125.svg', '/images/places/gangtok-mg-marg.svg'],
    specifications: { weight: '118 kg', fuelCapacity: '5.8 L', seatHeight: '770 mm', groundClearance: '155 mm' },
    rating: 4.8,
    reviewCount: 67,
    tag: 'New Arrival',
    featured: false,
    discountLabel: null,
  },
  {
    model: 'Royal Enfield Meteor 350',
    description:
      'A low seat and relaxed riding position make it comfortable on long paved stretches such as the Teesta valley ' +
      'road from Siliguri and the run to Darjeeling. Shorter riders find it the easiest of our 350s to hold on a ' +
      'hill start.',
    imageUrl: '/images/bikes/meteor-350.svg',
    dailyRate: null,
    engineCapacity: '350cc',
    maxSpeed: '115 km/h',
    available: false,
    features: 'Dual-channel ABS, Tripper navigation, Low seat with pillion backrest, Touring windscreen, LED headlamp, USB ' + 'charging',
    category: 'Cruiser',
    gearType: 'manual',
    gallery: ['/images/bikes/meteor-350.svg', '/images/places/darjeeling-tea.svg'],
    specifications: { weight: '191 kg', fuelCapacity: '15 L', seatHeight: '765 mm', groundClearance: '170 mm' },
    rating: 4.8,
    reviewCount: 67,
    tag: 'New Arrival',
    featured: false,
    discountLabel: null,
  },
];

export const seedCars: CarWriteInput[] = [
  {
    model: 'Toyota Innova Crysta',
    description:
      'The standard choice for families and small groups on Sikkim hill roads, with room for seven and their luggage ' +
      'on the roof carrier. Comfortable on the long drives from Bagdogra and to Pelling.',
    imageUrl: '/images/cars/innova-crysta.svg',
    dailyRate: 3500,
    capacity: '7 Seater',
    available: true,
    features: 'Experienced hill driver, Roof carrier for luggage, Captain seats, Rear AC vents, Music system, First-aid kit',
    category: 'suv',
    location: 'Gangtok',
    transmission: 'manual',
    ac: true,
    fuelType: 'diesel',
    registrationNumber: '',
    gallery: ['/images/cars/innova-crysta.svg', '/images/places/pelling-kanchenjunga.svg', '/images/places/tsomgo-lake.svg'],
    specifications: { mileage: '11 km/l', fuelCapacity: '55 L', bootSpace: '300 L', engineSize: '2393 cc' },
    rating: 4.9,
    reviewCount: 83,
    tag: 'Most Popular',
    featured: true,
    discountLabel: '10% Off',
  },
  {
    model: 'Mahindra Scorpio',
    description:
      'High ground clearance and four-wheel drive make it the vehicle of choice for North Sikkim, Tsomgo Lake and ' +
      'routes with snow or landslide diversions. Seats seven with luggage on the roof.',
    imageUrl: '/images/cars/scorpio.svg',
    dailyRate: 2800,
    capacity: '7 Seater',
    available: true,
    features: 'Experienced hill driver, 4x4 for snow and broken roads, Roof carrier for luggage, Music system, First-aid kit',
    category: 'suv',
    location: 'Gangtok',
    transmission: 'manual',
    ac: true,
    fuelType: 'diesel',
    registrationNumber: '',
    gallery: ['/images/cars/scorpio.svg', '/images/places/gurudongmar-lake.svg', '/images/places/yumthang-valley.svg'],
    specifications: { mileage: '12 km/l', fuelCapacity: '57 L', bootSpace: '460 L', engineSize: '2198 cc' },
    rating: 4.9,
    reviewCount: 83,
    tag: 'Best Value',
    featured: true,
    discountLabel: '10% Off',
  },
  {
    model: 'Maruti Swift Dzire',
    description:
      'An economical sedan for couples and small families on paved routes: airport transfers, Gangtok sightseeing ' +
      'and Darjeeling. For North Sikkim and snow on the Tsomgo road we recommend an SUV instead.',
    imageUrl: '/images/cars/swift-dzire.svg',
    dailyRate: 1800,
    capacity: '4 Seater',
    available: true,
    features: 'Experienced hill driver, Large boot, Music system, Mobile charger, First-aid kit',
    category: 'sedan',
    location: 'Gangtok',
    transmission: 'manual',
    ac: true,
    fuelType: 'petrol',
    registrationNumber: '',
    gallery: ['/images/cars/swift-dzire.svg', '/images/places/gangtok-mg-marg.svg'],
    specifications: { mileage: '18 km/l', fuelCapacity: '37 L', bootSpace: '378 L', engineSize: '1197 cc' },
    rating: 4.9,
    reviewCount: 83,
    tag: 'New Arrival',
    featured: true,
    discountLabel: '10% Off',
  },
  {
    model: 'Toyota Fortuner',
    description:
      'A premium four-wheel-drive SUV with an automatic gearbox for travellers who want more comfort on long ' +
      'mountain days. Suitable for every route we run, including North Sikkim in winter.',
    imageUrl: '/images/cars/fortuner.svg',
    dailyRate: 4500,
    capacity: '7 Seater',
    available: false,
    features: 'Experienced hill driver, 4x4 with automatic gearbox, Leather seats, Climate control, Music system, First-aid ' + 'kit',
    category: 'luxury',
    location: 'Gangtok',
    transmission: 'automatic',
    ac: true,
    fuelType: 'diesel',
    registrationNumber: '',
    gallery: ['/images/cars/fortuner.svg', '/images/places/nathula-pass.svg'],
    specifications: { mileage: '10 km/l', fuelCapacity: '80 L', bootSpace: '296 L', engineSize: '2755 cc' },
    rating: 4.9,
    reviewCount: 83,
    tag: 'New Arrival',
    featured: false,
    discountLabel: null,
  },
  {
    model: 'Tata Nexon',
    description:
      'A compact SUV with good ground clearance for the Darjeeling hills, Mirik and the tea estates. Its automatic ' +
      'gearbox makes stop-start traffic on Hill Cart Road less tiring.',
    imageUrl: '/images/cars/nexon.svg',
    dailyRate: 2200,
    capacity: '5 Seater',
    available: true,
    features: 'Experienced hill driver, Automatic gearbox, Touchscreen music system, Rear AC vents, First-aid kit',
    category: 'suv',
    location: 'Darjeeling',
    transmission: 'automatic',
    ac: true,
    fuelType: 'petrol',
    registrationNumber: '',
    gallery: ['/images/cars/nexon.svg', '/images/places/darjeeling-tea.svg'],
    specifications: { mileage: '15 km/l', fuelCapacity: '44 L', bootSpace: '382 L', engineSize: '1199 cc' },
    rating: 4.9,
    reviewCount: 83,
    tag: 'New Arrival',
    featured: false,
    discountLabel: null,
  },
  {
    model: 'Hyundai i20',
    description:
      'A small hatchback for couples based in Pelling, for Pemayangtse, Rabdentse, Khecheopalri Lake and the Rimbi ' +
      'falls. Easy to park and economical on short hill drives.',
    imageUrl: '/images/cars/i20.svg',
    dailyRate: 1600,
    capacity: '4 Seater',
    available: true,
    features: 'Experienced hill driver, Touchscreen music system, Mobile charger, First-aid kit',
    category: 'hatchback',
    location: 'Pelling',
    transmission: 'manual',
    ac: true,
    fuelType: 'petrol',
    registrationNumber: '',
    gallery: ['/images/cars/i20.svg', '/images/places/pelling-kanchenjunga.svg'],
    specifications: { mileage: '17 km/l', fuelCapacity: '37 L', bootSpace: '311 L', engineSize: '1197 cc' },
    rating: 4.9,
    reviewCount: 83,
    tag: 'New Arrival',
    featured: false,
    discountLabel: null,
  },
];

/** A booking before its item exists: `itemIndex` points into seedPackages, seedBikes or seedCars by `type`. */
export type SeedBooking = Omit<NewBooking, 'packageId' | 'bikeId' | 'carId'> & { itemIndex: number };

export const seedBookings: SeedBooking[] = [
  {
    type: 'package',
    itemIndex: 0,
    itemName: 'Sikkim Explorer',
    name: 'Ananya Mukherjee',
    email: 'ananya.mukherjee@example.com',
    phone: '+91 90000 00101',
    startDate: '2027-04-14',
    endDate: '2027-04-18',
    adults: 2,
    children: 1,
    message:
      'We are flying in from Kolkata and land at Bagdogra around 11 am. Our daughter is 8; is Tsomgo Lake safe for ' +
      'her in April, and can we add Nathula on the second day since it falls on a Thursday?',
    status: 'confirmed',
    // Its package needs the Tsomgo permit and no traveller's documents are in yet.
    permitStatus: 'documents_missing',
    // A sample traveller who ticked the publicity box, so a fresh site shows the toast with an
    // invented name (docs/decisions/045-security-round-two.md, section 13).
    publicityConsent: true,
    createdAt: new Date('2026-11-04T10:15:00+05:30'),
    confirmedAt: new Date('2026-11-05T09:30:00+05:30'),
  },
  {
    type: 'bike',
    itemIndex: 0,
    itemName: 'Royal Enfield Himalayan 450',
    name: 'Karthik Raghavan',
    email: 'karthik.raghavan@example.com',
    phone: '+91 90000 00102',
    startDate: '2027-03-18',
    endDate: '2027-03-20',
    needHelmet: true,
    message:
      'Riding from Gangtok to Ravangla and Pelling and back over three days. I ride a Himalayan at home in ' +
      'Bengaluru. Can you provide saddle bags, and can the bike be picked up near MG Marg?',
    status: 'pending',
    createdAt: new Date('2026-11-12T18:40:00+05:30'),
  },
  {
    type: 'car',
    itemIndex: 0,
    itemName: 'Toyota Innova Crysta',
    name: 'Rohit Agarwal',
    email: 'rohit.agarwal@example.com',
    phone: '+91 90000 00103',
    startDate: '2027-05-06',
    endDate: '2027-05-09',
    needDriver: true,
    message:
      'Six adults arriving at NJP by the Darjeeling Mail. We need the car for Gangtok sightseeing and a day trip to ' +
      'Tsomgo Lake, then drop at NJP on the 9th.',
    status: 'pending',
    createdAt: new Date('2026-11-21T09:05:00+05:30'),
  },
];

export const seedContactInquiries: NewInquiry[] = [
  {
    type: 'contact',
    name: 'Sophie Laurent',
    email: 'sophie.laurent@example.org',
    phone: null,
    subject: 'Permits for foreign nationals in North Sikkim',
    message:
      'My partner and I hold French passports. Which permits do we need for Lachung and Yumthang, can you arrange ' +
      'them, and is it true that we cannot go to Gurudongmar Lake? We plan to travel in late March.',
    status: 'pending',
    createdAt: new Date('2026-11-06T14:20:00+05:30'),
  },
  {
    type: 'contact',
    name: 'Meera Iyer',
    email: 'meera.iyer@example.com',
    phone: '+91 90000 00104',
    subject: 'Best time for rhododendrons in Yumthang',
    message:
      'We would like to see the rhododendrons in Yumthang Valley. Which weeks are best, and is the road to Lachung ' +
      'usually open then? We are flexible between April and May.',
    status: 'completed',
    createdAt: new Date('2026-11-15T11:45:00+05:30'),
  },
  {
    type: 'contact',
    name: 'Sanjay Bhattacharya',
    email: 'sanjay.bhattacharya@example.com',
    phone: '+91 90000 00105',
    subject: 'Group of 8 with elderly parents',
    message:
      'We are eight people including my parents, aged 72 and 68; my father has mild blood pressure. Could you ' +
      'suggest a Gangtok and Pelling itinerary that avoids very high altitudes, with hotels that have lifts or ' +
      'ground-floor rooms?',
    status: 'pending',
    createdAt: new Date('2026-11-24T16:30:00+05:30'),
  },
];
