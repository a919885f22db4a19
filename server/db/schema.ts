import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely. Booleans are stored as 0/1 integers and timestamps as ISO-8601 text so the
 * same queries run on SQLite and PostgreSQL without dialect-specific casts.
 */
export interface UsersTable {
  aid: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  country: string;
  language: string;
  is_staff: number;
  is_validator: number;
  created_at: string;
}

export interface TeamsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface TeamMembersTable {
  team_id: string;
  user_aid: string;
}

export type SubscriptionPlan = 'team' | 'individual' | 'trial';
export type SubscriptionState = 'active' | 'inactive';

export interface SubscriptionsTable {
  id: string;
  team_id: string | null;
  name: string;
  plan: SubscriptionPlan;
  state: SubscriptionState;
  end_date: string;
  renewal_date: string | null;
  total_seats: number;
  available_seats: number;
  reach_tenant_id: string | null;
  /** JSON text: see SubscriptionFeatures in server/db/subscriptions.ts. */
  features: string;
  /** Added in 0002; a short display name, null when none. */
  nickname: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SubscriptionRolesTable {
  user_aid: string;
  subscription_id: string;
  role: string;
}

export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** Epoch seconds; null never expires. */
  expires_at: ColumnType<number | null, number | null, number | null>;
  consumed_at: ColumnType<number | null, number | null, number | null>;
}

export interface AnalyticsEventsTable {
  id: string;
  /** The userId the client sent in the body. */
  user_id: string;
  /** The account whose access token sent the event (null once that account is deleted). */
  account_aid: string | null;
  event: string;
  /** JSON text of the properties object, null when none were sent. */
  properties: string | null;
  received_at: string;
}

export interface FeatureFlagsTable {
  key: string;
  /** null: the global override, applying to every subscription without its own. */
  subscription_id: string | null;
  /** 0/1. */
  value: number;
  updated_at: string;
  /** aid of the staff member who set it. */
  updated_by: string | null;
}

export type ReachTenantState = 'active' | 'disabled';

export interface ReachProductsTable {
  subscription_id: string;
  tenant_state: ReachTenantState;
  /** 0/1. */
  tenant_state_pending: ColumnType<number, number | undefined, number>;
}

export type NotificationFrequency = 'instant' | 'hourly' | 'daily';

export interface NotificationPreferencesTable {
  user_aid: string;
  /** The notification type, e.g. ReviewCommentNotification. */
  type: string;
  frequency: NotificationFrequency;
  /** 'HH:MM', local time in time_zone. */
  schedule_time: string;
  /** IANA time-zone name. */
  time_zone: string;
  updated_at: string;
}

export type StoredFolderType = 'private' | 'shared' | 'deleted';
export type StoredFolderRole = 'viewer' | 'editor' | 'manager' | 'owner';

/** Folders (0004). A soft delete sets folder_type deleted and keeps the former type in original_type. */
export interface FoldersTable {
  id: Generated<number>;
  name: string;
  /** null: top-level. */
  parent_id: number | null;
  folder_type: StoredFolderType;
  original_type: 'private' | 'shared' | null;
  /** The folder whose soft delete trashed this one; null while live. */
  trash_root_id: number | null;
  owner_aid: string;
  subscription_id: string | null;
  hash: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** A permission entry on a folder (§3); entries on ancestors are inherited. */
export interface FolderPermissionsTable {
  folder_id: number;
  principal_id: string;
  principal_type: 'user' | 'group';
  role: StoredFolderRole;
}

export interface TeamGroupsTable {
  id: string;
  team_id: string;
  name: string;
  created_at: string;
}

export interface TeamGroupMembersTable {
  group_id: string;
  user_aid: string;
}

export interface ItemsTable {
  id: string;
  title: string;
  product: string;
  type: string | null;
  /** The owner. */
  user_aid: string;
  updated_by_aid: string | null;
  /** null: the owner's private-content root. */
  folder_id: number | null;
  stack_id: string | null;
  archived_at: string | null;
  /** 0/1. */
  is_private: ColumnType<number, number | undefined, number>;
  thumbnail_url: string | null;
  hash: string;
  created_at: string;
  updated_at: string;
  /** 0005: scrypt hash (server/passwords.ts) of the item password; null without one. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0005, 0/1. */
  allow_anon_comments: ColumnType<number, number | undefined, number>;
  /** 0005, 0/1, default 1. */
  enable_comments: ColumnType<number, number | undefined, number>;
  /** 0005. */
  project_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0005: who created the item first; null means the owner. */
  original_user_aid: ColumnType<string | null, string | null | undefined, string | null>;
}

export type StoredVersionState = 'uploading' | 'ready' | 'uploaded' | 'uploadFailed' | 'transcodeFailed' | 'invalidVideoFile' | 'unpackFailed';

/** An item version (0005, §3 Item version). */
export interface ItemVersionsTable {
  id: string;
  item_id: string;
  /** Creation order within the item; the wire number is the position in this order. */
  seq: number;
  state: StoredVersionState;
  /** 0 to 1. */
  progress: number;
  package_key: string;
  /** The version whose package and unpacked files this one reuses (restore, duplicate, seed); null for an upload. */
  files_of_version_id: string | null;
  /** MD5 hex of the upload. */
  md5: string | null;
  size: number;
  file_name: string;
  /** The uploader. */
  user_aid: string;
  /** 0/1. */
  hidden: ColumnType<number, number | undefined, number>;
  content_prefix: string | null;
  player_file: string | null;
  thumbnail_key: string | null;
  media_url: string | null;
  poster_url: string | null;
  /** JSON text of VersionMeta (domain/items.ts), null until processed. */
  meta_json: string | null;
  /** Why processing refused the file, in words (0011); null unless unpackFailed or invalidVideoFile. */
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A project backup made from a version (0005, §3 Backup). */
export interface BackupsTable {
  id: string;
  item_id: string;
  version_id: string;
  status: 'created' | 'ready';
  blob_key: string;
  created_at: string;
}

/** An item's explicit person (0006, §3 Share person reason explicit). */
export interface ItemSharesTable {
  item_id: string;
  /** Lower-cased. */
  email: string;
  /** The account the e-mail resolved to; null once that account is gone. */
  user_aid: string | null;
  created_at: string;
}

export interface ItemStacksTable {
  id: string;
  title: string;
  /** The source course's product. */
  product: string;
  folder_id: number | null;
  user_aid: string;
  updated_by_aid: string | null;
  archived_at: string | null;
  thumbnail_url: string | null;
  hash: string;
  created_at: string;
  updated_at: string;
}

/** A comment (0007, §3 Comment). Replies report their parent's `resolved`. */
export interface CommentsTable {
  id: string;
  item_id: string;
  version_id: string;
  current_version_id: string;
  /** The parent's id; null for a top-level comment. */
  reply_to: string | null;
  /** Plain text of the content. */
  body: string;
  /** JSON text of RawContent (domain/richText.ts). */
  content_json: string;
  /** The author's account; null for an anonymous reviewer. */
  user_aid: string | null;
  /** The anonymous reviewer's e-mail; null for an account. */
  user_email: string | null;
  current_time: number | null;
  slide_id: string | null;
  /** 0/1, parents only. */
  resolved: ColumnType<number, number | undefined, number>;
  /** 0/1. */
  locked: ColumnType<number, number | undefined, number>;
  /** JSON text of { key, width, height, isAnnotation }, or null. */
  snapshot_json: string | null;
  /** 0/1: a snapshot was announced and has not arrived. */
  snapshot_pending: ColumnType<number, number | undefined, number>;
  hash: string;
  created_at: string;
  updated_at: string;
}

/** Who read a comment (0007): an account id or anon|<email>. */
export interface CommentReadsTable {
  comment_id: string;
  reader_key: string;
  read_at: string;
}

/** A comment's stored attachment (0007, §3 Comment attachment). */
export interface CommentAttachmentsTable {
  id: string;
  comment_id: string;
  title: string;
  key: string;
  size: number;
  /** 0/1: saved with the comment (1) or added afterwards (0). */
  delay_save: number;
  created_at: string;
}

/** A presigned comment file (0007) until a comment takes it. */
export interface CommentUploadsTable {
  key: string;
  item_id: string;
  /** Account id, or anon|<email>. */
  owner_key: string;
  kind: 'attachment' | 'snapshot';
  title: string;
  size: number;
  /** MD5 hex, lower case. */
  md5: string;
  state: 'pending' | 'stored' | 'failed';
  created_at: string;
}

/** A person's notification level for one item (0007, §3 Notification subscription). */
export interface ItemSubscriptionsTable {
  item_id: string;
  user_aid: string;
  level: 'mine' | 'all' | 'mute';
}

/** A notification that would be e-mailed (0007, domain/notifications.ts OutboxEntry). */
export interface NotificationOutboxTable {
  seq: Generated<number>;
  id: string;
  recipient_id: string;
  recipient_email: string;
  item_id: string;
  item_title: string;
  /** null for review-request e-mails and reminders. */
  comment_id: string | null;
  kind: 'mention' | 'reply' | 'comment' | 'reviewRequest' | 'reviewReminder';
  level: 'mine' | 'all' | 'mute';
  frequency: NotificationFrequency;
  actor: string;
  excerpt: string;
  link: string;
  created_at: string;
  deliver_at: string;
  /** When it was delivered (0014; ISO), null while pending. */
  delivered_at: Generated<string | null>;
  /** The delivery that sent it (0014): one e-mail, a digest or a reminder. */
  delivery_id: Generated<string | null>;
}

/** One reviewer of one item (0008, §3 Review request row). */
export interface ReviewRequestsTable {
  id: string;
  item_id: string;
  /** Lower-cased. */
  email: string;
  /** The account with that e-mail at request time; null for an anonymous reviewer. */
  reviewer_aid: string | null;
  requester_aid: string;
  status: 'emailSent' | 'viewed' | 'commented' | 'complete';
  /** 'YYYY-MM-DD' or null. */
  due_date: string | null;
  completed_at: string | null;
  custom_message: string | null;
  /** 0/1. */
  is_in_stack: number;
  /** JSON of ReviewerUserTypes. */
  user_types: string;
  /** IANA zone of the requester (due date, reminders). */
  time_zone: string;
  created_at: string;
  updated_at: string;
}

/** An item of a translation stack (0009): its locale (lower case) and whether it is the source or a target. */
export interface TranslationItemsTable {
  item_id: string;
  stack_id: string;
  locale: string;
  role: 'source' | 'target';
}

/** The translation file of one item version (0009): the JSON is in the CDN folder under `file_key`. */
export interface TranslationFilesTable {
  item_id: string;
  version_id: string;
  file_key: string;
}

/** One validation per target item version (0009), made lazily by GET validation. */
export interface ValidationsTable {
  id: string;
  item_id: string;
  version_id: string;
  target_locale: string;
  file_key: string;
  created_at: string;
}

/** A validation change (0009, §3): one per segment path key; `new_value` is the decoded text (playerJson: its JSON). */
export interface ValidationChangesTable {
  validation_id: string;
  path_key: string;
  validation_segment_id: string;
  new_value: string;
  status: 'pending' | 'accepted' | 'approved';
  proposed_by: string;
  proposed_at: string;
  last_accepted_date: string | null;
  last_accepted_by: string | null;
  /** 0/1. */
  force_update: ColumnType<number, number | undefined, number>;
  suggestion_model: string | null;
  normalized_distance: ColumnType<number, number | undefined, number>;
  /** 0/1. */
  is_course_update: ColumnType<number, number | undefined, number>;
}

/** A nav group marked complete (0009, §3 progressDetails). */
export interface ValidationProgressTable {
  validation_id: string;
  path_key: string;
  user_aid: string;
  updated_at: string;
  /** 0/1. */
  is_course_update: ColumnType<number, number | undefined, number>;
}

/** A translation-memory report of a validation (0010, §3): `items_json` is MemoryReportItem[] once completed. */
export interface TranslationMemoryReportsTable {
  id: string;
  validation_id: string;
  status: 'requested' | 'processing' | 'completed' | 'rejected';
  source_language: string;
  target_language: string;
  formality: ColumnType<'default' | 'formal' | 'informal', 'default' | 'formal' | 'informal' | undefined, 'default' | 'formal' | 'informal'>;
  message: string | null;
  requested_at: string;
  completed_at: string | null;
  items_json: ColumnType<string, string | undefined, string>;
}

/** A survey answer (0010, §7 experience): `integrations_json` string[], `survey_response_json` SmartReviewSurveyResponse or null. */
export interface TranslationExperienceTable {
  id: string;
  user_aid: string;
  email: string;
  slug: string;
  feature: string;
  feedback: string;
  /** 0/1, null when not answered. */
  was_positive: number | null;
  integrations_json: string;
  product: string;
  survey_response_json: string | null;
  created_at: string;
}

/** A content change the client named (0012): done once per person and `change_id`; `answer_json` is the first answer. */
export interface ContentChangesTable {
  aid: string;
  change_id: string;
  /** The request it answered (folder.insert, item.update, …): the same id for another request is refused. */
  request: string;
  answer_json: string;
  created_at: string;
}

/** Background work run once across instances (migration 0013, server/jobs.ts). */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON */
  payload: string;
  /** Epoch ms before which the job is not claimed. */
  run_after: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  attempts: Generated<number>;
  done_at: number | null;
  /** JSON of what the handler returned. */
  result: string | null;
  created_at: string;
  /** Epoch ms when the job was given up after its last attempt (0014); never claimed again. */
  failed_at: Generated<number | null>;
  /** The last attempt's error message (0014). */
  last_error: Generated<string | null>;
}

/** A comment export (migration 0015, server/exports/comments/jobs.ts). */
export interface CommentExportsTable {
  id: string;
  aid: string;
  item_id: string;
  item_order: string;
  format: string;
  /** running | ready | failed */
  status: string;
  /** 0 to 1 */
  progress: Generated<number>;
  /** Where the file is (or will be) in the blob store. */
  file_key: string;
  file_name: string | null;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms after which the export is no longer offered (its file is removed then). */
  expires_at: number;
}

export interface Database {
  jobs: JobsTable;
  comment_exports: CommentExportsTable;
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  subscriptions: SubscriptionsTable;
  subscription_roles: SubscriptionRolesTable;
  oidc_payloads: OidcPayloadsTable;
  analytics_events: AnalyticsEventsTable;
  feature_flags: FeatureFlagsTable;
  reach_products: ReachProductsTable;
  notification_preferences: NotificationPreferencesTable;
  folders: FoldersTable;
  folder_permissions: FolderPermissionsTable;
  team_groups: TeamGroupsTable;
  team_group_members: TeamGroupMembersTable;
  items: ItemsTable;
  item_stacks: ItemStacksTable;
  item_versions: ItemVersionsTable;
  backups: BackupsTable;
  item_shares: ItemSharesTable;
  comments: CommentsTable;
  comment_reads: CommentReadsTable;
  comment_attachments: CommentAttachmentsTable;
  comment_uploads: CommentUploadsTable;
  item_subscriptions: ItemSubscriptionsTable;
  notification_outbox: NotificationOutboxTable;
  review_requests: ReviewRequestsTable;
  translation_items: TranslationItemsTable;
  translation_files: TranslationFilesTable;
  validations: ValidationsTable;
  validation_changes: ValidationChangesTable;
  validation_progress: ValidationProgressTable;
  translation_memory_reports: TranslationMemoryReportsTable;
  translation_experience: TranslationExperienceTable;
  content_changes: ContentChangesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type FolderRow = Selectable<FoldersTable>;
export type FolderPermissionRow = Selectable<FolderPermissionsTable>;
export type ItemRow = Selectable<ItemsTable>;
export type NewItem = Insertable<ItemsTable>;
export type ItemStackRow = Selectable<ItemStacksTable>;
export type ItemVersionRow = Selectable<ItemVersionsTable>;
export type NewItemVersion = Insertable<ItemVersionsTable>;
export type BackupRow = Selectable<BackupsTable>;
export type ItemShareRow = Selectable<ItemSharesTable>;
export type CommentRow = Selectable<CommentsTable>;
export type CommentAttachmentRow = Selectable<CommentAttachmentsTable>;
export type CommentUploadRow = Selectable<CommentUploadsTable>;
export type OutboxRow = Selectable<NotificationOutboxTable>;
export type ReviewRequestRecordRow = Selectable<ReviewRequestsTable>;
export type TranslationItemRow = Selectable<TranslationItemsTable>;
export type ValidationRow = Selectable<ValidationsTable>;
export type ValidationChangeRow = Selectable<ValidationChangesTable>;
export type ValidationProgressRow = Selectable<ValidationProgressTable>;
export type MemoryReportRow = Selectable<TranslationMemoryReportsTable>;
