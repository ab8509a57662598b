/** Words the seeded data is made of. Group names and email titles share fragments on purpose. */

export const GROUP_TOPICS = ['News', 'VIP', 'Weekly Digest', 'Offers', 'Events', 'Product Updates', 'Community', 'Loyalty'] as const;
export const GROUP_AUDIENCES = ['Customers', 'Subscribers', 'Partners', 'Europe', 'Americas', 'Staff', 'Beta Testers', 'Newsletter'] as const;

export const TITLE_SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter', 'Holiday', 'Weekend'] as const;
export const TITLE_THEMES = ['Sale', 'Product Launch', 'News Roundup', 'Webinar', 'Survey', 'Loyalty Rewards', 'Clearance'] as const;
export const TITLE_FORMATS = ['Newsletter', 'Announcement', 'Reminder', 'Digest', 'Invitation'] as const;

export const SUBJECT_HOOKS = [
  "don't miss out",
  'last chance',
  'new arrivals inside',
  'the "Big" weekend is here',
  'your monthly update',
  'save 20%, today only',
  'we saved you a seat',
  'tell us what you think',
] as const;

export const TRANSACTIONAL_CATEGORIES = ['Receipt', 'Password Reset', 'Shipping', 'Welcome'] as const;
export const TRANSACTIONAL_SUBJECTS: Record<(typeof TRANSACTIONAL_CATEGORIES)[number], string> = {
  Receipt: 'Your receipt for order',
  'Password Reset': 'Reset your password',
  Shipping: 'Your order has shipped',
  Welcome: 'Welcome aboard',
};

export const FIRST_NAMES = ['Ada', 'Bruno', 'Chloe', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Luca', 'Maya', 'Nils', 'Olga', 'Pablo'] as const;
export const LAST_NAMES = ['Andersen', 'Baker', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Horvat', 'Ito', 'Jansen', 'Kowalski', 'Larsen'] as const;
export const MAIL_DOMAINS = ['example.com', 'example.org', 'mail.example.net', 'shop.example'] as const;

export const USER_NAMES = ['Marketing Team', 'Sales Desk', 'Support', 'Events Office', 'Product Team', 'Partner Programme'] as const;
