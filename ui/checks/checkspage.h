#pragma once

#include "ui/style/displayformat.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QVBoxLayout;

namespace purga {

class AppState;

// The preflight checklist: what the connected role and server allow, with a clear banner when
// preview or purge are refused, and the one-click creation of the history tables.
class ChecksPage : public QWidget
{
    Q_OBJECT
public:
    explicit ChecksPage(AppState *state, QWidget *parent = nullptr);

    // For tests and screenshots: the verdict banner's text.
    QString verdictText() const;
    int itemCount() const { return m_itemCount; }

signals:
    void connectRequested();
    void rerunRequested();

private:
    void rebuild();
    void clearItems();
    void addItem(Display::Status status, const QString &title, const QString &detail, bool blocksPreview,
                 bool blocksPurge);
    void createHistory();
    void onHistorySetup(bool ok, const QString &message);

    AppState *m_state;
    QLabel *m_verdict;
    QLabel *m_serverInfo;
    QPushButton *m_connectButton;
    QPushButton *m_rerunButton;
    QPushButton *m_historyButton;
    QLabel *m_historyNote;
    QVBoxLayout *m_itemsLayout;
    QWidget *m_itemsHost;
    int m_itemCount = 0;
    QString m_historyMessage; // outcome of "Create history tables" until the next connection
};

} // namespace purga
