#pragma once

#include "core/util/progress.h"

#include <memory>

namespace purga {

class PgConnection;
class QueryCanceller;
namespace detail {
class DbWorker;
struct RequestCore;
} // namespace detail

// What a request's work sees, on the session's thread: the session's connection, the cancel flag of
// this request, and a progress reporter that reaches only this request's handle.
class DbContext
{
public:
    PgConnection *connection() const;
    QueryCanceller *canceller() const;
    bool isCancelled() const;
    ProgressFn progress() const;
    // For connect and disconnect requests: replaces (closes) the session's connection.
    void setConnection(std::unique_ptr<PgConnection> conn);

private:
    friend class detail::DbWorker;
    DbContext(detail::DbWorker *worker, detail::RequestCore *core)
        : m_worker(worker)
        , m_core(core)
    {
    }
    detail::DbWorker *m_worker;
    detail::RequestCore *m_core;
};

} // namespace purga
