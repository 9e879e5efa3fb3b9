export interface NavItem {
  to: string;
  label: string;
}

export const navItems: readonly NavItem[] = [
  { to: '/', label: 'خانه' },
  { to: '/articles', label: 'مقالات' },
  { to: '/store', label: 'فروشگاه' },
  { to: '/cart', label: 'سبد خرید' },
  { to: '/account', label: 'حساب کاربری' },
];
