#pragma once

#include "core/forensics/forensics.h"
#include "core/session/dbsession.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QToolButton;
class QPushButton;
class QTableWidget;

namespace purga {

class AppState;

// One user's timeline for an incident report: refresh tokens, pre-tokens and session-log events
// (every partition, the DEFAULT one included), newest first, replay events marked, filterable by
// kind, exported as CSV with a header saying who exported it, when and from where. Names the index
// that would make it fast when the schema lacks it. Enter in an id field loads it; activating a
// token's row (double-click, Enter) asks for that token's look-up.
class TimelineView : public QWidget
{
    Q_OBJECT
public:
    explicit TimelineView(AppState *state, QWidget *parent = nullptr);

    void setUser(qint64 empresaId, qint64 usuarioId);
    void setKindFilter(const QString &kind); // "", refresh_token, pre_token, log, alert
    QTableWidget *table() const { return m_table; }
    const QList<TimelineEvent> &events() const { return m_events; }
    QString adviceText() const;
    QString statusText() const;
    QLineEdit *userField() const { return m_usuario; }
    void setRevealHashes(bool reveal);
    bool exportCsv(const QString &path, QString *error) const;
    bool isLoading() const { return m_request.isActive(); }

public slots:
    void load();
    void exportCsvInteractive();

signals:
    void loaded(bool ok);
    void lookupRequested(const QString &tokenHash); // a token's row was activated

private:
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void showResult(const UserTimeline &r);
    void refill();
    void activateRow(int row);
    QList<TimelineEvent> visibleEvents() const;

    AppState *m_state;
    QLineEdit *m_empresa;
    QLineEdit *m_usuario;
    QCheckBox *m_useSince;
    QDateTimeEdit *m_since;
    QCheckBox *m_useUntil;
    QDateTimeEdit *m_until;
    QComboBox *m_kind;
    QCheckBox *m_reveal;
    QPushButton *m_load;
    QPushButton *m_export;
    QLabel *m_status;
    QLabel *m_advice;
    QToolButton *m_showSql;
    QPlainTextEdit *m_adviceSql;
    QTableWidget *m_table;
    Request<UserTimeline> m_request;
    QList<TimelineEvent> m_events;
};

} // namespace purga
