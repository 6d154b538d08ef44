/**
 * Outgoing mail. Local runs print each mail as one `[mail]` line on the server's output (the
 * recipient and the full link), so a developer or a test can follow it; a deployed worker sends
 * through Resend's HTTP API when MAIL_TRANSPORT is "resend".
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about, printed whole by the console transport. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(env: Env): Mailer {
  if (env.MAIL_TRANSPORT === 'resend') return resendMailer(env);
  return consoleMailer;
}

const consoleMailer: Mailer = {
  async send(mail) {
    console.log(`[mail] to=${mail.to} subject="${mail.subject}" link=${mail.link}`);
  },
};

function resendMailer(env: Env): Mailer {
  return {
    async send(mail) {
      if (!env.MAIL_API_KEY) throw new Error('MAIL_API_KEY is not set for the resend transport');
      const response = await fetch('https://api.resend.com/emails', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${env.MAIL_API_KEY}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          from: env.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Resend answered ${response.status}`);
    },
  };
}
