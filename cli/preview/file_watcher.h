// Watching the files a scene reads, with Linux's inotify. Folders are watched rather than files:
// an editor that saves by writing a new file and renaming it over the old one replaces the inode
// a watch on the file would follow. An event counts when it names a watched file and ends a
// change: a close after writing, a rename onto the name, a deletion. A file opened, truncated and
// written in several steps reports each close; the reader then finds a complete file or a parse
// error, never a crash, and the next close reloads it again.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace lrt::preview {

// A file descriptor, closed when it goes.
class FileDescriptor {
public:
    explicit FileDescriptor(int fd = -1) : fd_(fd) {}
    ~FileDescriptor();
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    int get() const { return fd_; }

private:
    int fd_;
};

class FileWatcher {
public:
    // `onChange` is called on the watcher's own thread with the watched file (as watch() was given
    // it) that changed, or with an empty path when the kernel dropped events (any may have).
    // Throws std::runtime_error when inotify is not available.
    explicit FileWatcher(std::function<void(const std::filesystem::path&)> onChange);
    ~FileWatcher();
    FileWatcher(const FileWatcher&) = delete;
    FileWatcher& operator=(const FileWatcher&) = delete;

    // Replaces the watched files. A file whose folder does not exist is not watched; one that does
    // not exist yet is (its creation is a change).
    void watch(const std::vector<std::filesystem::path>& files);
    // The files watched now.
    std::vector<std::filesystem::path> watched() const;

private:
    void run();
    void dispatch(int watchDescriptor, const std::string& name);

    std::function<void(const std::filesystem::path&)> onChange_;
    FileDescriptor inotify_;
    FileDescriptor wakeup_; // an eventfd that ends run()
    mutable std::mutex mutex_;
    std::map<int, std::filesystem::path> folders_; // watch descriptor -> folder (real path)
    // (real folder, name) -> the files as watch() named them
    std::map<std::pair<std::filesystem::path, std::string>, std::set<std::filesystem::path>> files_;
    std::thread thread_;
};

} // namespace lrt::preview
