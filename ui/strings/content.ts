/**
 * Strings of the item grid screen (review-and-content §2–§9): sub-header, folder tree, breadcrumbs and action
 * bar, cards, pagination, empty states, search results, dialogs and toasts. Loaded with the grid and the item view
 * (../strings.ts `loadStrings`); the words any page may show are in ./contentShared.ts.
 */
export const contentStrings = {
  // Sub-header
  'content.title': 'My content',
  'content.upload': 'Upload file',
  'content.upload.comingSoon': 'Uploading arrives soon.',
  'content.search.label': 'Search content',
  'content.search.placeholder': 'Search by name',
  'content.search.clear': 'Clear search',

  // Sidebar
  'content.sidebar.label': 'Folders',
  'content.sidebar.resize': 'Resize the folder panel',
  'content.sidebar.expand': 'Expand {name}',
  'content.sidebar.collapse': 'Collapse {name}',
  'content.folderMenu.label': 'Actions for {name}',

  // Folder menu (domain/folderMenu.ts)
  'content.folderMenu.newSubfolder': 'New subfolder',
  'content.folderMenu.rename': 'Rename',
  'content.folderMenu.move': 'Move to folder',
  'content.folderMenu.share': 'Share with the team',
  'content.folderMenu.sharedFolderSettings': 'Shared folder settings',
  'content.folderMenu.delete': 'Delete',
  'content.folderMenu.restore': 'Restore',
  'content.folderMenu.deleteForever': 'Delete forever',

  // Item menu (§6; domain itemMenu)
  'content.itemMenu.label': 'Actions for {title}',
  'content.itemMenu.exportToLms': 'Export to LMS',
  'content.itemMenu.rename': 'Rename',
  'content.itemMenu.shareSettings': 'Share settings',
  'content.itemMenu.uploadNewVersion': 'Upload new version',
  'content.itemMenu.duplicate': 'Duplicate',
  'content.itemMenu.move': 'Move to folder',
  'content.itemMenu.download': 'Download',
  'content.itemMenu.delete': 'Delete',
  'content.itemMenu.restore': 'Remove from trash',
  'content.itemMenu.deleteForever': 'Delete forever',

  // Breadcrumbs, action bar, selection
  'content.breadcrumbs.label': 'Folder path',
  'content.actions.label': 'Folder actions',
  'content.action.newFolder': 'New folder',
  'content.action.newSharedFolder': 'New shared folder',
  'content.action.emptyTrash': 'Empty trash',
  'content.action.move': 'Move',
  'content.action.delete': 'Delete',
  'content.action.restore': 'Restore',
  'content.action.deleteForever': 'Delete forever',
  'content.action.rename': 'Rename',
  'content.action.duplicate': 'Duplicate',
  'content.action.share': 'Share',
  'content.action.folderSettings': 'Folder settings',
  'content.selection.count': '{count} selected',
  'content.selection.clear': 'Clear selection',

  // Disabled-action reasons (for the action bar's tooltips)
  'content.reason.noSelection': 'Select items or folders first.',
  'content.reason.singleOnly': 'Works on one item or folder at a time.',
  'content.reason.notPermitted': 'Your role in this folder does not allow this.',
  'content.reason.tooDeep': 'Folders can be nested at most 7 levels deep.',
  'content.reason.trashEmpty': 'The trash is already empty.',
  'content.reason.archived': 'Restore it from the trash first.',
  'content.reason.busy': 'Wait for the current change to finish.',

  // Subfolders
  'content.subfolders.label': 'Folders',
  'content.subfolders.showAll': 'Show all {count} folders',
  'content.subfolders.showFewer': 'Show fewer folders',
  'content.subfolders.select': 'Select {name}',

  // Cards
  'content.items.label': 'Items',
  'content.item.select': 'Select {title}',
  'content.item.updatedBy': 'Updated by {name} · {when}',
  'content.item.updated': 'Updated {when}',
  'content.item.ownedBy': 'Owner: {name}',
  'content.item.stack': 'Stack',
  'content.item.inStack': 'In a stack',
  'content.item.stackCount.one': '1 course',
  'content.item.stackCount.other': '{count} courses',
  'content.item.inTrash': 'In trash',

  // Changes shown and not confirmed yet (§4 optimistic changes)
  'content.pending.saving': 'Saving…',
  'content.pending.waiting': 'Waiting for connection',
  'content.pending.notice': 'Waiting for connection. Your changes are kept here and will be saved when it returns.',
  'content.item.location': 'In {folder}',
  'content.item.noThumbnail': '{product} item',
  'content.grid.loading': 'Loading items…',

  // Pagination
  'content.pagination.label': 'Pages',
  'content.pagination.previous': 'Previous page',
  'content.pagination.next': 'Next page',
  'content.pagination.page': 'Page {page}',
  'content.pagination.break': 'More pages',

  // Empty states
  'content.empty.folder.title': 'This folder is empty',
  'content.empty.folder.body': 'Move items here, or add a folder to keep things organised.',
  'content.empty.folder.bodyReadOnly': 'Nothing has been added to this folder yet.',
  'content.empty.private.title': 'Your private content is empty',
  'content.empty.private.body': 'Courses and videos you publish or upload to review land here. Only you can see them.',
  'content.empty.trash.title': 'The trash is empty',
  'content.empty.trash.body': 'Items and folders you delete stay here until you delete them forever.',
  'content.empty.search.title': 'No results for “{query}”',
  'content.empty.search.body': 'Check the spelling or try a shorter name.',
  'content.empty.search.clear': 'Clear search',
  'content.empty.filter.title': 'No {product} content here',
  'content.empty.filter.body': 'Nothing in this folder matches the format filter.',
  'content.empty.filter.clear': 'Show all formats',
  'content.empty.failed.title': 'We couldn’t load this folder',
  'content.empty.failed.body': 'Check your connection and try again.',
  'content.empty.failed.retry': 'Try again',

  // Search results
  'content.search.results.one': '1 result for “{query}”',
  'content.search.results.other': '{count} results for “{query}”',
  'content.search.folders': 'Folders',
  'content.search.items': 'Items',

  // Drag
  'content.drag.label.one': '1 item',
  'content.drag.label.other': '{label} items',

  // Dialogs: shared buttons
  'content.dialog.cancel': 'Cancel',
  'content.dialog.close': 'Close',

  // Delete to trash
  'content.trash.title': 'Move to trash?',
  'content.trash.bodyOne': '“{name}” goes to the trash. You can restore it from there.',
  'content.trash.bodyMany': '{count} go to the trash. You can restore them from there.',
  'content.trash.foldersNote': 'Folders take their subfolders and items with them.',
  'content.trash.confirm': 'Move to trash',

  // Delete forever
  'content.deleteForever.title': 'Delete forever?',
  'content.deleteForever.bodyOne': '“{name}” will be deleted forever, with its comments and versions. This cannot be undone.',
  'content.deleteForever.bodyMany': '{count} will be deleted forever, with their comments and versions. This cannot be undone.',
  'content.deleteForever.confirm': 'Delete forever',

  // Empty trash
  'content.emptyTrash.title': 'Empty the trash?',
  'content.emptyTrash.nothing': 'The trash is already empty.',
  'content.emptyTrash.body': 'Everything in the trash is deleted forever. This cannot be undone.',
  'content.emptyTrash.confirm': 'Empty trash',

  // Name dialog
  'content.name.label': 'Name',
  'content.name.newFolder.title': 'New folder',
  'content.name.newFolder.confirm': 'Create folder',
  'content.name.newSharedFolder.title': 'New shared folder',
  'content.name.newSharedFolder.description': 'It appears in Shared content. Choose who has access in its settings.',
  'content.name.newSharedFolder.confirm': 'Create shared folder',
  'content.name.renameFolder.title': 'Rename folder',
  'content.name.renameItem.title': 'Rename item',
  'content.name.rename.confirm': 'Rename',
  'content.name.duplicate.title': 'Duplicate item',
  'content.name.duplicate.confirm': 'Duplicate',
  'content.name.count': '{count} / {max}',

  // Move dialog
  'content.move.titleOne': 'Move “{name}”',
  'content.move.titleMany': 'Move {count}',
  'content.move.description': 'Pick the folder to move to.',
  'content.move.tree': 'Destination folders',
  'content.move.confirm': 'Move here',
  'content.move.newFolder': 'New folder',
  'content.move.selected': 'Moving to {name}',
  'content.move.pick': 'No folder picked yet.',

  // Move confirmations (§6 "Moving into shared areas needs confirmation")
  'content.moveConfirm.privateToShared.title': 'Move to a shared folder?',
  'content.moveConfirm.privateToShared.body': 'Everyone with access to “{destination}” will be able to see what you move there, with the role they have in that folder.',
  'content.moveConfirm.sharedToPrivate.title': 'Move to a private folder?',
  'content.moveConfirm.sharedToPrivate.body': 'Only you will see it in “{destination}”. Team members who reached it through the shared folder lose access.',
  'content.moveConfirm.privateToShared.bodyNoName': 'Everyone with access to the shared folder will be able to see what you move there, with the role they have in it.',
  'content.moveConfirm.sharedToPrivate.bodyNoName': 'Only you will see it there. Team members who reached it through the shared folder lose access.',
  'content.moveConfirm.confirm': 'Move',

  // Already in folder
  'content.alreadyInFolder.title': 'Already in this folder',
  'content.alreadyInFolder.bodyOne': '“{name}” is already in “{folder}”.',
  'content.alreadyInFolder.bodyMany': 'What you picked is already in “{folder}”.',
  'content.alreadyInFolder.bodyNoFolder': 'It is already in this folder.',
  'content.alreadyInFolder.ok': 'OK',

  // Folder access denied (§4: closing goes to the private content folder)
  'content.addToTeam.title': 'Shared folders belong to a team',
  'content.addToTeam.body': 'You’re not on a team yet, so there is no one to share a folder with. Join a team (or ask its admin to add you) to create shared folders; your private content stays as it is.',
  'content.addToTeam.join': 'Join a team',
  'content.addToTeam.close': 'Not now',
  'content.accessDenied.title': 'You can’t open this folder',
  'content.accessDenied.body': 'It may have been deleted, or you no longer have access to it. We’ll take you to your private content.',
  'content.accessDenied.ok': 'Go to private content',

  // Generic error (§8: its text is not shown in the spec)
  'content.error.title': 'That didn’t work',
  'content.error.archive': 'We couldn’t move that to the trash.',
  'content.error.destroy': 'We couldn’t delete that forever.',
  'content.error.move': 'We couldn’t move that.',
  'content.error.rename': 'We couldn’t rename that.',
  'content.error.duplicate': 'We couldn’t duplicate that.',
  'content.error.restore': 'We couldn’t restore that.',
  'content.error.removeFromTrash': 'We couldn’t remove that from the trash.',
  'content.error.emptyTrash': 'We couldn’t empty the trash.',
  'content.error.createFolder': 'We couldn’t create the folder.',
  'content.error.fetchUsers': 'We couldn’t load the people in this folder.',
  'content.error.unknown': 'Something went wrong on our side.',
  'content.error.hint': 'Nothing was changed. Check your connection and try again.',
  'content.error.retry': 'Try again',
  'content.error.close': 'Close',

  // Shared folder settings
  'content.settings.title': 'Shared folder settings',
  'content.settings.description': 'People and groups with access to “{name}”.',
  'content.settings.moveDescription': 'Moving “{moved}” into “{name}” shares it with these people and groups, with the roles they have there.',
  'content.settings.move': 'Move and share',
  'content.settings.loading': 'Loading members…',
  'content.settings.loadError': 'We couldn’t load the members of this folder.',
  'content.settings.saveError': 'We couldn’t save the changes.',
  'content.settings.retry': 'Try again',
  'content.settings.members': 'Members and groups',
  'content.settings.readOnly': 'Only folder managers and owners can change who has access.',
  'content.settings.inherited': 'From a parent folder',
  'content.settings.group': 'Group',
  'content.settings.you': '(you)',
  'content.settings.role': 'Role of {name}',
  'content.settings.remove': 'Remove {name}',
  'content.settings.add.label': 'Add a team member or group',
  'content.settings.add.placeholder': 'Choose someone…',
  'content.settings.add.people': 'Team members',
  'content.settings.add.groups': 'Groups',
  'content.settings.add.button': 'Add',
  'content.settings.add.hint': 'New members start as editors.',
  'content.settings.add.none': 'Everyone on your team is already here.',
  'content.settings.empty': 'No one has access yet.',
  'content.settings.save': 'Save',
  'content.settings.cancel': 'Cancel',
  'content.settings.close': 'Close',
  'content.settings.unsaved.title': 'Leave without saving?',
  'content.settings.unsaved.body': 'Your changes to who has access will be lost.',
  'content.settings.unsaved.stay': 'Keep editing',
  'content.settings.unsaved.leave': 'Leave without saving',
  'content.role.viewer': 'Viewer',
  'content.role.editor': 'Editor',
  'content.role.manager': 'Manager',
  'content.role.owner': 'Owner',
} as const;
