#pragma once

// The value types that cross threads in queued signals (requests, the purge controller, the
// GUI's pages), registered with Qt's meta-type system under their qualified names.
namespace purga {

// Idempotent; DbSession and PurgeController call it, and so may anyone before connecting a
// queued signal that carries one of these types.
void registerMetaTypes();

} // namespace purga
