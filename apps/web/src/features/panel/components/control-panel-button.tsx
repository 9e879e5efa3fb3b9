import { Button } from '@mantine/core';
import { LayoutIcon } from '../../../ui/icons';
import { useOpenControlPanel } from '../api/open-control-panel';
import { openInNewTab } from '../utils/open-in-new-tab';

interface ControlPanelButtonProps {
  serviceId: string;
  panelName: string;
  disabled?: boolean;
}

/**
 * «ورود به کنترل پنل»: signs the person into the panel in a new tab with a one-time address
 * (SSO). The tab opens in the click itself, so popup blockers let it through.
 */
export function ControlPanelButton({ serviceId, panelName, disabled }: ControlPanelButtonProps) {
  const open = useOpenControlPanel();

  const handleClick = () => {
    openInNewTab(
      window,
      async () => (await open.mutateAsync(serviceId)).url,
      'در حال ورود به کنترل پنل…',
    ).catch(() => {
      // The server's reason (the panel does not answer, …) is in the toast.
    });
  };

  return (
    <Button
      onClick={handleClick}
      loading={open.isPending}
      disabled={disabled}
      leftSection={<LayoutIcon size={18} />}
      title={`ورود به ${panelName} در زبانهٔ تازه`}
    >
      ورود به کنترل پنل
    </Button>
  );
}
