// inotify on the folders of the watched files, read on a thread of its own that poll()s the
// inotify descriptor and an eventfd that asks it to stop.
#include "cli/preview/file_watcher.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <poll.h>
#include <stdexcept>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

namespace lrt::preview {

namespace {

// The events that end a change to a file in a watched folder.
constexpr std::uint32_t kChangeEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE;

std::filesystem::path realFolder(const std::filesystem::path& folder) {
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(folder, ec);
    return ec ? std::filesystem::path{} : real;
}

} // namespace

FileDescriptor::~FileDescriptor() {
    if (fd_ >= 0)
        ::close(fd_);
}

FileWatcher::FileWatcher(std::function<void(const std::filesystem::path&)> onChange)
    : onChange_(std::move(onChange)), inotify_(inotify_init1(IN_NONBLOCK | IN_CLOEXEC)),
      wakeup_(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
    if (inotify_.get() < 0 || wakeup_.get() < 0)
        throw std::runtime_error(
            fmt::format("cannot watch files (inotify): {}", std::strerror(errno)));
    thread_ = std::thread([this] { run(); });
}

FileWatcher::~FileWatcher() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t written = ::write(wakeup_.get(), &one, sizeof one);
    thread_.join();
}

void FileWatcher::watch(const std::vector<std::filesystem::path>& files) {
    const std::lock_guard lock(mutex_);
    // The new watches are added before the old ones go: a folder watched before and after keeps
    // its watch (inotify gives the same descriptor again), so no event in it is lost meanwhile.
    std::map<int, std::filesystem::path> folders;
    std::map<std::pair<std::filesystem::path, std::string>, std::set<std::filesystem::path>> named;
    for (const std::filesystem::path& file : files) {
        // A symbolic link to a file is watched where its target lives: that is what changes.
        std::error_code ec;
        const std::filesystem::path target =
            std::filesystem::is_symlink(file, ec) ? std::filesystem::canonical(file, ec) : file;
        const std::filesystem::path folder = realFolder(target.parent_path());
        if (folder.empty())
            continue;
        const int descriptor = inotify_add_watch(inotify_.get(), folder.c_str(), kChangeEvents);
        if (descriptor < 0)
            continue; // a folder that cannot be read: its files are not watched
        folders[descriptor] = folder;
        named[{folder, target.filename().string()}].insert(file);
    }
    for (const auto& [descriptor, folder] : folders_)
        if (folders.find(descriptor) == folders.end())
            inotify_rm_watch(inotify_.get(), descriptor);
    folders_ = std::move(folders);
    files_ = std::move(named);
}

std::vector<std::filesystem::path> FileWatcher::watched() const {
    const std::lock_guard lock(mutex_);
    std::set<std::filesystem::path> all;
    for (const auto& [place, names] : files_)
        all.insert(names.begin(), names.end());
    return {all.begin(), all.end()};
}

void FileWatcher::dispatch(int watchDescriptor, const std::string& name) {
    std::vector<std::filesystem::path> changed;
    {
        const std::lock_guard lock(mutex_);
        const auto folder = folders_.find(watchDescriptor);
        if (folder == folders_.end())
            return;
        const auto files = files_.find({folder->second, name});
        if (files == files_.end())
            return;
        changed.assign(files->second.begin(), files->second.end());
    }
    for (const std::filesystem::path& file : changed)
        onChange_(file);
}

void FileWatcher::run() {
    // Room for many events with names up to NAME_MAX, aligned as inotify_event needs.
    alignas(inotify_event) std::array<char, 64 * 1024> buffer{};
    std::array<pollfd, 2> polled{pollfd{inotify_.get(), POLLIN, 0},
                                 pollfd{wakeup_.get(), POLLIN, 0}};
    for (;;) {
        if (poll(polled.data(), polled.size(), -1) < 0) {
            if (errno == EINTR)
                continue;
            return;
        }
        if (polled[1].revents != 0)
            return;
        const ssize_t length = ::read(inotify_.get(), buffer.data(), buffer.size());
        if (length <= 0)
            continue;
        for (ssize_t at = 0; at < length;) {
            const auto* event = reinterpret_cast<const inotify_event*>(buffer.data() + at);
            if (event->mask & IN_Q_OVERFLOW) // events were lost: any file may have changed
                onChange_({});
            else if (event->len > 0)
                dispatch(event->wd, std::string(event->name));
            at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
        }
    }
}

} // namespace lrt::preview
