/**
 * /admin/location (docs/product.md#map-settings-form): the office map of the public pages.
 * Latitude, longitude, zoom (1 to 20), title and an optional custom embed code (exactly
 * one https <iframe> on an allowed map host, docs/decisions/010-maps-video-images.md#maps), with a
 * map preview and a details panel that follow the form once JavaScript runs (server-rendered from
 * the saved values before).
 *
 * A save is validated by the map schema (each wrong field named, nothing saved), written with its
 * audit entry ('location') in one transaction, and ends here with 'Map settings saved successfully!'.
 * The public maps read the setting at every request, so they change at the next one. Admin role
 * only (docs/decisions/045-security-round-two.md, section 9): a staff user gets 403.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { FormMetadata } from '@conform-to/react';
import { TextareaField, TextField } from '~/components/admin/editor/fields';
import { adminMeta } from '~/components/admin/meta';
import { AdminPageHeader } from '~/components/admin/page-header';
import { formDefaults, MAP_SAVED_MESSAGE, type SettingsActionData } from '~/components/admin/settings/form-schemas';
import { draftOf, MapPreviewPanel, readDraft } from '~/components/admin/settings/map-preview';
import { handleSettingsSubmission } from '~/routes/admin/+shared/settings-action.server';
import { SettingsFormCard, useSettingsForm } from '~/components/admin/settings/settings-form';
import { auditActor, requirePermission } from '~/services/admin-guard.server';
import { ALLOWED_MAP_HOSTS } from '~/lib/admin/map-embed';
import { getSetting } from '~/models/settings.server';
import type { Settings } from '~/schemas/settings';
import type { Route } from './+types/location';

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'settings');
  // The office address is the company setting, edited at /admin/settings (docs/decisions/005-site-settings.md).
  const [map, company] = await Promise.all([getSetting('map'), getSetting('company')]);
  return { map, officeAddress: company.address };
}

export async function action({ request }: Route.ActionArgs) {
  const auth = await requirePermission(request, 'settings');
  return handleSettingsSubmission(await request.formData(), {
    key: 'map',
    actor: auditActor(auth, request),
    redirectTo: '/admin/location',
    success: { type: 'success', title: MAP_SAVED_MESSAGE },
  });
}

export const meta: Route.MetaFunction = () => adminMeta('Location');

type MapForm = { [K in keyof Settings['map']]: string };

function LocationForm({ map, officeAddress, actionData }: { map: Settings['map']; officeAddress: string; actionData: SettingsActionData | undefined }) {
  const { form, fields, pending } = useSettingsForm<MapForm>('map', formDefaults('map', map), actionData);
  // What the preview shows: the saved map, or what was posted when the server refused it.
  const [draft, setDraft] = useState(() => {
    const posted = actionData?.section === 'map' ? actionData.result.initialValue : null;
    return posted ? { ...draftOf(map), ...(posted as Partial<ReturnType<typeof draftOf>>) } : draftOf(map);
  });
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <SettingsFormCard
        onInput={(event) => setDraft(readDraft(event.currentTarget))}
        settingsKey="map"
        form={form as unknown as FormMetadata<Record<string, unknown>>}
        pending={pending}
        title="Office location"
        description="Used by the maps on the Home, Contact, bike and car pages."
        saveLabel="Save Map Settings"
      >
        <div className="grid grid-cols-2 gap-5 lg:grid-cols-3">
          <TextField field={fields.latitude} label="Latitude" required type="number" step="any" min={-90} max={90} hint="-90 to 90, e.g. 27.3187" />
          <TextField field={fields.longitude} label="Longitude" required type="number" step="any" min={-180} max={180} hint="-180 to 180, e.g. 88.5963" />
          <TextField
            field={fields.zoom}
            label="Zoom"
            required
            type="number"
            step={1}
            min={1}
            max={20}
            hint="1 (world) to 20 (a building)"
            className="col-span-2 sm:col-span-1"
          />
        </div>
        <TextField field={fields.title} label="Title" placeholder="Our Gangtok office" hint="Names the map for screen readers and on its button." />
        <p className="text-sm text-muted">
          The office address shown with the maps and everywhere else is edited once, under Company details in{' '}
          <Link to="/admin/settings" className="font-semibold text-forest-700 underline">
            Settings
          </Link>
          .
        </p>
        <TextareaField
          field={fields.embedCode}
          label="Custom embed code (optional)"
          rows={4}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
          placeholder={'<iframe src="https://www.google.com/maps/embed?pb=..."></iframe>'}
          hint={
            <>
              Leave empty to show the OpenStreetMap map of the coordinates. Otherwise paste only the <code>&lt;iframe …&gt;&lt;/iframe&gt;</code> of a map from{' '}
              {ALLOWED_MAP_HOSTS.join(', ')} (https). Anything else, such as scripts or extra markup, is refused; the site shows its own iframe with that
              address.
            </>
          }
        />
      </SettingsFormCard>
      <MapPreviewPanel draft={draft} saved={map} address={officeAddress} />
    </div>
  );
}

export default function AdminLocation({ loaderData, actionData }: Route.ComponentProps) {
  const { map, officeAddress } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Location" description="The office map shown to visitors: coordinates, zoom and title, or a custom map embed." />
      <LocationForm key={JSON.stringify(map)} map={map} officeAddress={officeAddress} actionData={actionData as SettingsActionData | undefined} />
    </div>
  );
}
