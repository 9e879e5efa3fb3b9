import type { CallResult, getAppHomeData } from '@vitrin/contracts';

export { HOME_HERO_KEY } from '../../modules/content/content.service';

type HomeHero = CallResult<typeof getAppHomeData>['hero'];

export const demoHomeHero: HomeHero = {
  title: 'کسب‌وکارتان را در ویترین اینترنت بگذارید',
  subtitle:
    'سایت‌ساز فارسی با بیش از ۳۰ قالب آماده، هاست پرسرعت NVMe، سرور مجازی و دامنه؛ همه از یک پنل، با پشتیبانی هر روزهٔ کارشناسان ویترین.',
  primaryAction: { label: 'مشاهدهٔ فروشگاه', href: '/store' },
  secondaryAction: { label: 'خواندن راهنماها', href: '/articles' },
};
