import type { AppSystem } from '../../system.tsx';

/** Opens the dialog for a video item (the grid's item menu, the item header's export menu); `versionKey` null: the latest version. */
export function openLmsExport(system: Pick<AppSystem, 'lmsExport'>, item: { itemId: string; title: string; versionKey?: string | null }): void {
  system.lmsExport.send({ type: 'lmsExport.open', itemId: item.itemId, title: item.title, versionKey: item.versionKey ?? null });
}
