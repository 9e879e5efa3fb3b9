/** The `content_blocks` key of the home page's hero. */
export const HOME_HERO_KEY = 'home-hero';

export interface HomeHero {
  title: string;
  subtitle: string;
  primaryAction: { label: string; href: string };
  secondaryAction: { label: string; href: string };
}

export const demoHomeHero: HomeHero = {
  title: 'کسب‌وکارتان را در ویترین اینترنت بگذارید',
  subtitle:
    'سایت‌ساز فارسی با بیش از ۳۰ قالب آماده، هاست پرسرعت NVMe، سرور مجازی و دامنه؛ همه از یک پنل، با پشتیبانی هر روزهٔ کارشناسان ویترین.',
  primaryAction: { label: 'مشاهدهٔ فروشگاه', href: '/store' },
  secondaryAction: { label: 'خواندن راهنماها', href: '/articles' },
};
