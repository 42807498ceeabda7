// Texts of the admin dashboard and revenue (spec §2, §8, §1).

// spec §2 admin dashboard, §8 admin statistics
export const admin = {
  noRevenue: 'No revenue data available yet.',
  title: 'Admin Dashboard',
  platformOverview: 'Platform Overview',
  totalEvents: 'Total Events',
  totalUsers: 'Total Users',
  totalAttendees: 'Total Attendees',
  payAsYouGoUsers: 'Pay-as-you-go Users',
  annualSubscribers: 'Annual Subscribers',
  revenueAnalytics: 'Revenue Analytics',
  totalRevenue: 'Total Revenue',
  platformShare: (percent: number) => `Platform Share (${percent}%)`,
  totalDownloads: 'Total Downloads',
  acrossEvents: (n: number) => `across ${n} ${n === 1 ? 'event' : 'events'}`,
  activeEvents: 'Active Events',
  downloadsEnabled: 'downloads enabled',
  revenueByEvent: 'Revenue by Event',
  never: 'Never',
  // ours: the page-view charts and the table's column heads (the spec lists the fields only)
  columns: {
    event: 'Event',
    downloads: 'Downloads',
    lastDownload: 'Last Download',
    total: 'Total Revenue',
    platform: 'Platform Share',
    organiser: 'Organiser Share',
  },
  pageViews: 'Page Views',
  pageViewsPerDay: (days: number) => `Views per day, last ${days} days`,
  topPages: 'Top Pages',
  noPageViews: 'No page views in this period yet.',
} as const;

// spec §1 revenue, §2 dashboard Revenue card and event detail Download Revenue card
export const revenue = {
  cardTitle: 'Revenue',
  pending: 'Pending',
  totalEarned: 'Total Earned',
  eventsWithDownloads: 'Events with downloads',
  lastPayout: 'Last payout',
  never: 'Never',
  source: 'Your earnings from attendee list downloads.',
  payoutSchedule: (percent: number) => `You receive ${percent}% of each download. Paid monthly by bank transfer.`,
  instantPayouts: 'Automatic instant payouts',
  comingSoon: 'Coming soon',
  downloadRevenue: 'Download Revenue',
  yourShare: 'Your Share',
  totalRevenue: 'Total Revenue',
  downloads: 'Downloads',
  lastDownload: 'Last Download',
} as const;
