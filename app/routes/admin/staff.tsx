/**
 * /admin/staff: staff accounts, for the admin role only (docs/decisions/004-staff-authentication.md#roles;
 * a user with the staff role gets 403 and the 'not allowed' view, and the sidebar hides the link).
 *
 * - The list: name, username, role, two-factor on/off, last sign-in, enabled or disabled.
 * - Add an account: username, display name, role, and a first password that passes `passwordProblem`.
 * - Per account, 'Manage' (`?manage=<id>`) opens a panel that works without JavaScript: reset the
 *   password (every session of that user ends), make admin or staff, disable (no sign-in, every
 *   session ends at once) or enable. Nobody disables or demotes themself, and the last enabled admin
 *   stays one (the model refuses; the page does not offer it for oneself). Reset, two-factor off and
 *   role need the admin's password within the last 5 minutes: past that the panel asks for it first
 *   (docs/decisions/045-security-round-two.md, section 8).
 *
 * Each change is in the audit log in the same transaction; passwords never are.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Settings2, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { AccountSection } from '~/components/admin/account/section';
import { StatusPill } from '~/components/ui/status-pill';
import { DataTable, type DataColumn } from '~/components/admin/data-table';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { Button, buttonClass } from '~/components/ui/button';
import { Field, Input, Select } from '~/components/ui/field';
import { FormError } from '~/components/ui/form-error';
import { auditActor, requireRole } from '~/services/admin-guard.server';
import { recentlyAuthenticated } from '~/services/account-security.server';
import { REAUTH_INTENT } from '~/components/admin/account/confirm-password';
import { Conflict, NotFound } from '~/lib/errors.server';
import { formatDateTime } from '~/lib/format';
import { redirectWithToast } from '~/lib/toast.server';
import { listStaff } from '~/models/user.server';
import { newStaffSchema } from '~/schemas/profile';
import { dispatchIntent } from './+shared/intents.server';
import { confirmPasswordIntent, sensitive } from './+shared/reauth.server';
import type { Route } from './+types/staff';
import { createStaff } from './staff/+intents/add.server';
import { ManagePanel } from './staff/+shared/manage-panel';
import { changeRole, disableAccount, enableAccount, resetPassword, turnOffTwoFactor } from './staff/+intents/manage.server';

const PATH = '/admin/staff';

export const meta: Route.MetaFunction = () => adminMeta('Staff');

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await requireRole(request, 'admin');
  const rows = await listStaff();
  const id = new URL(request.url).searchParams.get('manage');
  // The panel is not offered for oneself (the model would refuse its changes anyway).
  const panel = (id && id !== auth.user.id && rows.find((r) => r.id === id)) || null;
  // Reset, two-factor off and role need the password within 5 minutes (docs/decisions/045-security-round-two.md, section 8).
  return { rows, me: auth.user.id, username: auth.user.username, panel, recent: recentlyAuthenticated(auth) };
}

/**
 * The page's forms, by their `intent` (handlers in ./staff/+intents/): 'Add a staff member', and
 * the Manage panel's reset, disable / enable, two-factor off and role.
 */
const intents = {
  create: createStaff,
  reset: sensitive(resetPassword),
  disable: disableAccount,
  enable: enableAccount,
  'two-factor-off': sensitive(turnOffTwoFactor),
  role: sensitive(changeRole),
  [REAUTH_INTENT]: confirmPasswordIntent,
};

export async function action({ request }: Route.ActionArgs) {
  const auth = await requireRole(request, 'admin');
  const formData = await request.formData();
  try {
    return await dispatchIntent({ auth, request, formData, actor: auditActor(auth, request), path: PATH }, intents);
  } catch (error) {
    if (error instanceof Conflict || error instanceof NotFound) return redirectWithToast(PATH, { type: 'error', title: error.message });
    throw error;
  }
}

type Row = Route.ComponentProps['loaderData']['rows'][number];

const manageClass =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-full border border-forest-200 px-4 text-sm font-semibold whitespace-nowrap text-forest-800 transition-colors hover:bg-forest-50';

/** Put focus back on the row's Manage link once its panel closes. */
function useReturnFocus(panelId: string | null) {
  const previous = useRef(panelId);
  useEffect(() => {
    const closed = previous.current;
    previous.current = panelId;
    if (!closed || panelId) return;
    const links = document.querySelectorAll<HTMLElement>(`[data-manage-id="${CSS.escape(closed)}"]`);
    const visible = [...links].find((el) => el.getClientRects().length > 0);
    (visible ?? document.getElementById('main'))?.focus();
  }, [panelId]);
}

const columns = (me: string): DataColumn<Row>[] => [
  {
    header: 'Name',
    primary: true,
    cell: (u) => (
      <span className="flex min-w-0 flex-col">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold break-words text-ink">{u.name}</span>
          {u.id === me ? <StatusPill tone="info">You</StatusPill> : null}
        </span>
        <span className="text-xs break-all text-muted">{u.username}</span>
      </span>
    ),
  },
  { header: 'Role', cell: (u) => (u.role === 'admin' ? 'Admin' : 'Staff') },
  { header: '2FA', cell: (u) => (u.twoFactor ? <StatusPill tone="ok">On</StatusPill> : <StatusPill tone="neutral">Off</StatusPill>) },
  { header: 'Last sign-in', cell: (u) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'Never'), className: 'min-w-28' },
  { header: 'Status', cell: (u) => (u.disabledAt ? <StatusPill tone="bad">Disabled</StatusPill> : <StatusPill tone="ok">Enabled</StatusPill>) },
];

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, me, username, panel, recent } = loaderData;
  const reauthResult = actionData?.intent === REAUTH_INTENT ? actionData.result : undefined;
  useReturnFocus(panel?.id ?? null);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Staff"
        description="Who can sign in to the back office. Staff do the daily work; admins also change the settings, delete records and manage staff accounts."
        actions={
          <a href="#add-staff" className={buttonClass('primary', 'md')}>
            <UserPlus className="size-5" aria-hidden />
            Add staff member
          </a>
        }
      />

      <DataTable
        label="Staff accounts"
        rows={rows}
        rowKey={(u) => u.id}
        columns={columns(me)}
        actions={(u) =>
          u.id === me ? (
            <Link to="/admin/profile" className={manageClass}>
              Your profile
            </Link>
          ) : (
            <Link to={`${PATH}?manage=${u.id}`} preventScrollReset data-manage-id={u.id} className={manageClass}>
              <Settings2 className="size-4" aria-hidden />
              Manage<span className="sr-only"> {u.name}</span>
            </Link>
          )
        }
      />

      <AccountSection
        id="add-staff"
        title="Add a staff member"
        description="Give them the first password in person; they can change it on their profile page."
        className="scroll-mt-4"
      >
        {/* A new account adds a row: the form starts empty again (no password left in it). */}
        <NewStaffForm key={rows.length} lastResult={actionData?.intent === 'create' ? actionData.result : undefined} />
      </AccountSection>

      {panel ? (
        <ManagePanel
          panel={panel}
          resetResult={actionData?.intent === 'reset' ? actionData.result : undefined}
          reauth={!recent || reauthResult ? { username, result: reauthResult } : null}
        />
      ) : null}
    </div>
  );
}

function NewStaffForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'create';
  const [form, fields] = useForm({
    id: 'staff-create',
    lastResult,
    defaultValue: { role: 'staff' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newStaffSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <FormError id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="create" />
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={fields.username.id} label="Username" errors={fields.username.errors} hint="3 to 40 letters, digits, dots, dashes or underscores." required>
          {(a11y) => (
            <Input {...getInputProps(fields.username, { type: 'text' })} {...a11y} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={40} />
          )}
        </Field>
        <Field id={fields.name.id} label="Display name" errors={fields.name.errors} required>
          {(a11y) => <Input {...getInputProps(fields.name, { type: 'text' })} {...a11y} autoComplete="off" maxLength={100} />}
        </Field>
        <Field
          id={fields.role.id}
          label="Role"
          errors={fields.role.errors}
          hint="Admins can also change the settings, delete records, see IP addresses and manage accounts."
          required
        >
          {(a11y) => (
            <Select {...a11y} key={fields.role.key} name={fields.role.name} defaultValue={(fields.role.initialValue as string | undefined) ?? 'staff'}>
              <option value="staff">Staff</option>
              <option value="admin">Admin</option>
            </Select>
          )}
        </Field>
        <Field
          id={fields.password.id}
          label="First password"
          errors={fields.password.errors}
          hint="8 to 128 characters; common passwords are refused."
          required
        >
          {(a11y) => <Input {...getInputProps(fields.password, { type: 'password' })} {...a11y} autoComplete="new-password" />}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={saving}>
          <UserPlus className="size-4" aria-hidden />
          {saving ? 'Adding...' : 'Add staff member'}
        </Button>
      </div>
    </Form>
  );
}
