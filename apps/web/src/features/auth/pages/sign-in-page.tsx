import { Card, Container } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error';
import { appSession, useSession } from '../../../lib/app-session';
import { showApiErrorToast } from '../../../lib/http';
import type { Identity } from '../../../lib/identity-storage';
import { PageLoader } from '../../../ui/page-loader';
import { useCheckUser } from '../api/check-user';
import { useSendSignInTemporaryCode } from '../api/send-sign-in-temporary-code';
import { useSendTempCode } from '../api/send-temp-code';
import { type CodeMode, CodeStep } from '../components/code-step';
import { MobileStep } from '../components/mobile-step';
import { PasswordStep } from '../components/password-step';
import { SignUpStep } from '../components/sign-up-step';
import { safeNext } from '../utils/safe-next';

/** Which address the visitor came by: the steps are the same, the first words differ. */
export type SignInIntent = 'sign-in' | 'sign-up' | 'reset';

type Step =
  | { kind: 'mobile' }
  | { kind: 'password'; mobile: string }
  | { kind: 'sign-up'; mobile: string }
  | { kind: 'code'; mobile: string; mode: CodeMode };

interface SentCode {
  mobile: string;
  /** When the server allows the next code (ms since the epoch). */
  resendAt: number;
  /** The server refused a new code for a while: the one sent before is the one to type. */
  refused: boolean;
}

const introOf: Record<SignInIntent, { documentTitle: string; title: string; description: string }> =
  {
    'sign-in': {
      documentTitle: 'ورود | ویترین',
      title: 'ورود یا ثبت‌نام',
      description: 'شماره موبایل‌تان را وارد کنید. اگر حساب نداشته باشید، همین‌جا ساخته می‌شود.',
    },
    'sign-up': {
      documentTitle: 'ثبت‌نام | ویترین',
      title: 'ثبت‌نام در ویترین',
      description: 'با شماره موبایل‌تان حساب بسازید. اگر پیش‌تر حساب ساخته‌اید، وارد می‌شوید.',
    },
    reset: {
      documentTitle: 'بازیابی رمز عبور | ویترین',
      title: 'بازیابی رمز عبور',
      description: 'شماره موبایل حساب‌تان را وارد کنید تا کدی برای گذاشتن رمز عبور تازه پیامک شود.',
    },
  };

export function SignInPage({ intent = 'sign-in' }: { intent?: SignInIntent }) {
  const intro = introOf[intent];
  useDocumentTitle(intro.documentTitle);
  const session = useSession();
  const { search } = useLocation();
  const navigate = useNavigate();
  const next = safeNext(search);

  const [step, setStep] = useState<Step>({ kind: 'mobile' });
  const [typedMobile, setTypedMobile] = useState('');
  const [sentCode, setSentCode] = useState<SentCode | null>(null);
  const checkUser = useCheckUser();
  const sendSignInCode = useSendSignInTemporaryCode();
  const sendTempCode = useSendTempCode();

  /** Sends a code for `mode` unless one went to this number too recently to ask again. */
  const sendCode = async (
    mobile: string,
    mode: CodeMode,
    force = false,
  ): Promise<boolean | 'wait'> => {
    // The server would refuse a second code inside its wait, and the first still works for any
    // of the code steps, so going back and forth does not cost the person a minute.
    if (!force && sentCode?.mobile === mobile && Date.now() < sentCode.resendAt) return true;
    try {
      const sent =
        mode === 'sign-in'
          ? await sendSignInCode.mutateAsync(mobile)
          : await sendTempCode.mutateAsync(mobile);
      setSentCode({ mobile, resendAt: Date.now() + sent.resendInSeconds * 1000, refused: false });
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.retryAfterSeconds !== undefined) {
        // A code went to this number moments ago (sign-up sent again, a reload): that code is
        // the way on, and the countdown says when a new one may be asked for.
        setSentCode({
          mobile,
          resendAt: Date.now() + error.retryAfterSeconds * 1000,
          refused: true,
        });
        return 'wait';
      }
      showApiErrorToast(error);
      return false;
    }
  };

  const goToCode = async (mobile: string, mode: CodeMode) => {
    if (await sendCode(mobile, mode)) setStep({ kind: 'code', mobile, mode });
  };

  const handleMobile = async (mobile: string, typed: string) => {
    setTypedMobile(typed);
    let account: { exists: boolean; hasPassword: boolean };
    try {
      account = await checkUser.mutateAsync(mobile);
    } catch {
      return;
    }
    if (!account.exists) setStep({ kind: 'sign-up', mobile });
    else if (intent === 'reset') await goToCode(mobile, 'reset');
    else if (account.hasPassword) setStep({ kind: 'password', mobile });
    else await goToCode(mobile, 'sign-in');
  };

  const handleSignedIn = async (identity: Identity) => {
    await appSession.signIn(identity);
    navigate(next, { replace: true });
  };

  const backToMobile = () => setStep({ kind: 'mobile' });

  if (session.status === 'starting') return <PageLoader />;
  // A visitor already signed in has nothing to do here; so does one who just signed in.
  if (session.status === 'signed-in') return <Navigate to={next} replace />;

  const codeSending = sendSignInCode.isPending || sendTempCode.isPending;

  return (
    <Container size={480} px="md" py={{ base: 'xl', sm: 64 }}>
      <Card shadow="md" padding="xl">
        {step.kind === 'mobile' && (
          <MobileStep
            title={intro.title}
            description={intro.description}
            defaultValue={typedMobile}
            pending={checkUser.isPending || codeSending}
            error={checkUser.error}
            onSubmit={handleMobile}
          />
        )}
        {step.kind === 'password' && (
          <PasswordStep
            mobile={step.mobile}
            sendingSignInCode={sendSignInCode.isPending}
            sendingResetCode={sendTempCode.isPending}
            onSignedIn={handleSignedIn}
            onSignInWithCode={() => goToCode(step.mobile, 'sign-in')}
            onForgotPassword={() => goToCode(step.mobile, 'reset')}
            onChangeMobile={backToMobile}
          />
        )}
        {step.kind === 'sign-up' && (
          <SignUpStep
            mobile={step.mobile}
            sendingCode={sendTempCode.isPending}
            onRegistered={() => goToCode(step.mobile, 'verify')}
            onChangeMobile={backToMobile}
          />
        )}
        {step.kind === 'code' && (
          <CodeStep
            key={step.mode}
            mobile={step.mobile}
            mode={step.mode}
            resendAt={sentCode?.mobile === step.mobile ? sentCode.resendAt : 0}
            sentBefore={sentCode?.mobile === step.mobile && sentCode.refused}
            resending={codeSending}
            onResend={async () => (await sendCode(step.mobile, step.mode, true)) === true}
            onSignedIn={handleSignedIn}
            onChangeMobile={backToMobile}
          />
        )}
      </Card>
    </Container>
  );
}
