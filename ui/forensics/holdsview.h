#pragma once

// "Legal holds" on the Forensics page: the holds of this database (from the history schema, so the
// same on every workstation), a form to add one by user, family, tenant or token with its reason
// and optional expiry, and a release of the selected hold (recorded with who and when, never
// deleted). Every database call is a request of the session, off the UI thread.
#include "core/forensics/legalholds.h"
#include "core/session/dbrequest.h"

#include <QWidget>

class QComboBox;
class QDateTimeEdit;
class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace purga {

class AppState;

class HoldsView : public QWidget
{
    Q_OBJECT
public:
    explicit HoldsView(AppState *state, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QString statusText() const;
    const QList<LegalHold> &holds() const { return m_holds; }
    bool isBusy() const;
    // Tests: fill the form ("user", "family", "tenant", "token").
    void setForm(const QString &scopeKind, const QString &value, const QString &reason);

public slots:
    void refresh();
    void addHold();
    void releaseSelected();

signals:
    void holdsLoaded(bool ok);

private:
    void setupLayout();
    void showHolds(const QList<LegalHold> &holds);
    void failed(const QString &what, const DbFailure &failure);
    void updateButtons();

    AppState *m_state;
    QComboBox *m_scope;
    QLineEdit *m_value;
    QLineEdit *m_reason;
    QCheckBox *m_hasUntil;
    QDateTimeEdit *m_until;
    QPushButton *m_add;
    QPushButton *m_release;
    QPushButton *m_reload;
    QLabel *m_status;
    QTableWidget *m_table;
    QList<LegalHold> m_holds;
    Request<QList<LegalHold>> m_list;
    Request<qint64> m_adding;
    Request<bool> m_releasing;
};

} // namespace purga
